//! Frames out: each frame is handed straight to the connection when nothing waits before it
//! and the connection's queue takes it now; else it is one message on a bounded queue that a
//! writer task sends down the channel in order. A client that stops reading fills the
//! queue; further frames are dropped (memory stays bounded) and the session redraws
//! everything once there is room again.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use bytes::Bytes;
use futures_util::FutureExt;
use russh::server::Handle;
use russh::ChannelId;
use tokio::sync::mpsc;

/// Frames queued for one client at most.
pub const OUT_QUEUE_FRAMES: usize = 4;

/// The session's side of the output queue.
pub struct OutQueue {
    handle: Handle,
    channel: ChannelId,
    tx: mpsc::Sender<Bytes>,
    /// Frames given to the writer task and not yet handed to the connection: while any
    /// are, later frames go the same way (the client must get them in order).
    queued: Arc<AtomicUsize>,
    overflowed: Arc<AtomicBool>,
}

impl OutQueue {
    /// Starts the writer task of a channel.
    pub fn start(handle: Handle, channel: ChannelId) -> OutQueue {
        let (tx, mut rx) = mpsc::channel::<Bytes>(OUT_QUEUE_FRAMES);
        let queued = Arc::new(AtomicUsize::new(0));
        {
            let handle = handle.clone();
            let queued = queued.clone();
            tokio::spawn(async move {
                while let Some(bytes) = rx.recv().await {
                    let sent = handle.data(channel, bytes).await;
                    queued.fetch_sub(1, Ordering::Release);
                    if sent.is_err() {
                        break;
                    }
                }
            });
        }
        OutQueue {
            handle,
            channel,
            tx,
            queued,
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
    ///
    /// With nothing queued before it, the frame goes straight to the connection when its
    /// queue has room now: no wake-up of the writer task, one hand-over fewer a frame.
    pub fn send_frame(&self, bytes: Vec<u8>) -> bool {
        let bytes = Bytes::from(bytes);
        if self.queued.load(Ordering::Acquire) == 0 {
            // A clone shares the bytes; russh's queue full, the attempt is dropped unsent
            // (a bounded sender's queued send is cancelled with it) and the writer waits.
            match self.handle.data(self.channel, bytes.clone()).now_or_never() {
                Some(Ok(())) => return true,
                Some(Err(_)) => return false,
                None => {}
            }
        }
        self.queue(bytes)
    }

    /// Gives bytes to the writer task; dropped (the overflow flag raised) when it is full.
    fn queue(&self, bytes: Bytes) -> bool {
        match self.try_queue(bytes) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.overflowed.store(true, Ordering::Relaxed);
                true
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Gives bytes to the writer task now if it has room, counting them as queued while
    /// they are.
    fn try_queue(&self, bytes: Bytes) -> Result<(), mpsc::error::TrySendError<Bytes>> {
        self.queued.fetch_add(1, Ordering::AcqRel);
        let sent = self.tx.try_send(bytes);
        if sent.is_err() {
            self.queued.fetch_sub(1, Ordering::AcqRel);
        }
        sent
    }

    /// Queues bytes outside of a frame (bell, mode switches); dropped when the queue is full.
    pub fn send_raw(&self, bytes: &[u8]) {
        let _ = self.try_queue(Bytes::copy_from_slice(bytes));
    }

    /// Waits until the queue has room, then queues the bytes (for the last words before the
    /// channel closes).
    pub async fn send_wait(&self, bytes: &[u8]) {
        self.queued.fetch_add(1, Ordering::AcqRel);
        if self.tx.send(Bytes::copy_from_slice(bytes)).await.is_err() {
            self.queued.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// Waits (a little) until every queued frame was handed to the connection.
    pub async fn drained(&self) {
        for _ in 0..50 {
            if self.queued.load(Ordering::Acquire) == 0 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
}
