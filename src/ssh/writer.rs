//! Frames out: each frame is one message on a bounded queue that a writer task sends down
//! the channel. A client that stops reading fills the queue; further frames are dropped
//! (memory stays bounded) and the session redraws everything once there is room again.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use russh::server::Handle;
use russh::ChannelId;
use tokio::sync::mpsc;

/// Frames queued for one client at most.
pub const OUT_QUEUE_FRAMES: usize = 4;

/// The session's side of the output queue.
pub struct OutQueue {
    tx: mpsc::Sender<Vec<u8>>,
    overflowed: Arc<AtomicBool>,
}

impl OutQueue {
    /// Starts the writer task of a channel.
    pub fn start(handle: Handle, channel: ChannelId) -> OutQueue {
        let (tx, mut rx) = mpsc::channel::<Vec<u8>>(OUT_QUEUE_FRAMES);
        tokio::spawn(async move {
            while let Some(bytes) = rx.recv().await {
                if handle.data(channel, bytes).await.is_err() {
                    break;
                }
            }
        });
        OutQueue {
            tx,
            overflowed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether a frame was dropped since the last call (then the next frame must be whole).
    pub fn take_overflow(&self) -> bool {
        self.overflowed.swap(false, Ordering::Relaxed)
    }

    /// Whether the queue can take another frame now.
    pub fn has_room(&self) -> bool {
        self.tx.capacity() > 0
    }

    /// Waits until the queue can take another frame (forever once the channel is gone:
    /// the session learns that from its input).
    pub async fn room(&self) {
        if self.tx.reserve().await.is_err() {
            std::future::pending::<()>().await;
        }
    }

    /// Queues a frame; when the queue is full the frame is dropped and the overflow flag
    /// raised (the next frame must then be whole). `false` once the channel is gone.
    pub fn send_frame(&self, bytes: Vec<u8>) -> bool {
        match self.tx.try_send(bytes) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.overflowed.store(true, Ordering::Relaxed);
                true
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Queues bytes outside of a frame (bell, mode switches); dropped when the queue is full.
    pub fn send_raw(&self, bytes: &[u8]) {
        let _ = self.tx.try_send(bytes.to_vec());
    }

    /// Waits until the queue has room, then queues the bytes (for the last words before the
    /// channel closes).
    pub async fn send_wait(&self, bytes: &[u8]) {
        let _ = self.tx.send(bytes.to_vec()).await;
    }

    /// Waits (a little) until every queued frame was handed to the connection.
    pub async fn drained(&self) {
        for _ in 0..50 {
            if self.tx.capacity() == self.tx.max_capacity() {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
}
