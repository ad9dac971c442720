//! The threads computer players think on (`max_bot_threads`): a fixed set of threads of
//! their own, at a lower scheduling priority (nice 10), so that however many computer games
//! run, their searches never take more than that many cores and give way to the sessions'
//! work (drawing and sending screens) when the machine is busy. A search waits its turn in
//! the queue; its own clock starts when a thread takes it.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// The computer players' thinking threads. Cloned handles share them; the threads end when
/// the last handle is dropped.
#[derive(Clone)]
pub struct ThinkPool {
    jobs: mpsc::Sender<Job>,
}

/// The scheduling priority of the thinking threads (`nice`): they yield to the sessions.
pub const THINK_NICE: i32 = 10;

impl ThinkPool {
    /// `threads` thinking threads (at least 1).
    pub fn new(threads: usize) -> ThinkPool {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for k in 0..threads.max(1) {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("bot-think-{k}"))
                .spawn(move || {
                    lower_priority(THINK_NICE);
                    loop {
                        // The lock is held only while waiting for the next job.
                        let job = match queue.lock() {
                            Ok(q) => q.recv(),
                            Err(_) => return,
                        };
                        match job {
                            // A bot's panic ends its search (its seat gets no answer and
                            // stops), not the thread.
                            Ok(job) => {
                                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                            }
                            Err(_) => return,
                        }
                    }
                });
            if let Err(error) = spawned {
                tracing::error!(%error, "cannot start a thread for the computer players");
            }
        }
        ThinkPool { jobs }
    }

    /// Runs `f` on a thinking thread when one is free; `None` if the pool is gone or `f`
    /// panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(f());
        });
        self.jobs.send(job).ok()?;
        rx.await.ok()
    }
}

/// Lowers the calling thread's priority to `nice` (on Linux `nice` is a thread's); where
/// that fails, the thread thinks at the normal priority.
pub(super) fn lower_priority(nice: i32) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid and setpriority on the calling thread, no pointers.
        let tid = unsafe { libc::syscall(libc::SYS_gettid) } as libc::id_t;
        if unsafe { libc::setpriority(libc::PRIO_PROCESS, tid, nice) } != 0 {
            tracing::debug!("cannot lower the priority of a computer player's thread");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn jobs_run_on_lowered_threads_and_answer() {
        let pool = ThinkPool::new(2);
        let got = pool
            .run(|| {
                let name = std::thread::current().name().map(str::to_string);
                // SAFETY: getpriority of the calling thread.
                let tid = unsafe { libc::syscall(libc::SYS_gettid) } as libc::id_t;
                let nice = unsafe { libc::getpriority(libc::PRIO_PROCESS, tid) };
                (name, nice)
            })
            .await;
        let (name, nice) = got.expect("an answer");
        assert!(name.is_some_and(|n| n.starts_with("bot-think-")));
        assert!(nice >= THINK_NICE, "nice {nice}");
        // A job that panics answers None, and the pool goes on.
        assert_eq!(pool.run(|| -> u8 { panic!("a bug in a bot") }).await, None);
        assert_eq!(pool.run(|| 7).await, Some(7));
    }
}
