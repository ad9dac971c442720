//! Rate limits (token buckets) for input, chat and connections: pure, driven by the caller's clock.

use std::time::{Duration, Instant};

/// A token bucket: holds at most `capacity` tokens, gains `refill_per_sec` tokens a second,
/// and each action takes some. It starts full. Time comes from the caller, so tests can use
/// any `Instant` arithmetic; a `now` earlier than the last one seen adds nothing.
#[derive(Clone, Debug)]
pub struct TokenBucket {
    capacity: f64,
    refill_per_sec: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket. Negative or non-finite numbers are taken as 0.
    pub fn new(capacity: f64, refill_per_sec: f64, now: Instant) -> Self {
        let sane = |x: f64| if x.is_finite() && x > 0.0 { x } else { 0.0 };
        let capacity = sane(capacity);
        TokenBucket {
            capacity,
            refill_per_sec: sane(refill_per_sec),
            tokens: capacity,
            last: now,
        }
    }

    fn refill(&mut self, now: Instant) {
        if now > self.last {
            let secs = now.duration_since(self.last).as_secs_f64();
            self.tokens = (self.tokens + secs * self.refill_per_sec).min(self.capacity);
            self.last = now;
        }
    }

    /// Takes one token if there is one.
    pub fn try_take(&mut self, now: Instant) -> bool {
        self.try_take_n(1.0, now)
    }

    /// Takes `n` tokens if there are that many (all or nothing). More than the capacity is
    /// never possible; `n` of 0 always succeeds; a negative or NaN `n` never does.
    pub fn try_take_n(&mut self, n: f64, now: Instant) -> bool {
        if n.is_nan() || n < 0.0 {
            return false;
        }
        self.refill(now);
        if self.tokens >= n {
            self.tokens -= n;
            true
        } else {
            false
        }
    }

    /// Tokens available at `now`.
    pub fn available(&mut self, now: Instant) -> f64 {
        self.refill(now);
        self.tokens
    }

    /// How long from `now` until `n` tokens are available: zero if they are now, `None` if
    /// never (more than the capacity, or no refill).
    pub fn wait_for(&mut self, n: f64, now: Instant) -> Option<Duration> {
        self.refill(now);
        if n.is_nan() || n > self.capacity {
            return None;
        }
        let missing = n - self.tokens;
        if missing <= 0.0 {
            Some(Duration::ZERO)
        } else if self.refill_per_sec > 0.0 {
            Duration::try_from_secs_f64(missing / self.refill_per_sec).ok()
        } else {
            None
        }
    }

    pub fn capacity(&self) -> f64 {
        self.capacity
    }

    pub fn refill_per_sec(&self) -> f64 {
        self.refill_per_sec
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn starts_full_and_empties() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(3.0, 1.0, t0);
        assert!(b.try_take(t0));
        assert!(b.try_take(t0));
        assert!(b.try_take(t0));
        assert!(!b.try_take(t0));
        assert!(!b.try_take(t0));
    }

    #[test]
    fn refills_with_time_up_to_capacity() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(2.0, 4.0, t0);
        assert!(b.try_take_n(2.0, t0));
        assert!(!b.try_take(t0 + ms(200)), "0.8 tokens");
        assert!(b.try_take(t0 + ms(250)), "1 token");
        assert!(!b.try_take(t0 + ms(250)));
        // A long idle time fills it to capacity, no more.
        assert_eq!(b.available(t0 + Duration::from_secs(3600)), 2.0);
        assert!(b.try_take_n(2.0, t0 + Duration::from_secs(3600)));
        assert!(!b.try_take(t0 + Duration::from_secs(3600)));
    }

    #[test]
    fn steady_rate() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(5.0, 10.0, t0);
        let mut taken = 0;
        // Try every millisecond for 10 s: burst of 5, then 10 a second.
        for i in 0..10_000 {
            if b.try_take(t0 + ms(i)) {
                taken += 1;
            }
        }
        assert!((104..=106).contains(&taken), "{taken}");
    }

    #[test]
    fn take_n_is_all_or_nothing() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(10.0, 1.0, t0);
        assert!(b.try_take_n(7.0, t0));
        assert!(!b.try_take_n(4.0, t0));
        assert_eq!(b.available(t0), 3.0);
        assert!(b.try_take_n(3.0, t0));
        assert!(b.try_take_n(0.0, t0));
        assert!(
            !b.try_take_n(11.0, t0 + Duration::from_secs(1000)),
            "above capacity"
        );
        assert!(!b.try_take_n(-1.0, t0));
        assert!(!b.try_take_n(f64::NAN, t0));
    }

    #[test]
    fn time_going_backwards_adds_nothing() {
        let t0 = Instant::now() + Duration::from_secs(10);
        let mut b = TokenBucket::new(1.0, 1.0, t0);
        assert!(b.try_take(t0));
        assert!(!b.try_take(t0 - Duration::from_secs(5)));
        assert!(!b.try_take(t0 + ms(500)));
        assert!(b.try_take(t0 + ms(1000)));
    }

    #[test]
    fn wait_for() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(4.0, 2.0, t0);
        assert_eq!(b.wait_for(1.0, t0), Some(Duration::ZERO));
        assert!(b.try_take_n(4.0, t0));
        assert_eq!(b.wait_for(1.0, t0), Some(ms(500)));
        assert_eq!(b.wait_for(3.0, t0 + ms(500)), Some(ms(1000)));
        assert_eq!(b.wait_for(5.0, t0), None);
        let mut dry = TokenBucket::new(1.0, 0.0, t0);
        assert!(dry.try_take(t0));
        assert_eq!(dry.wait_for(1.0, t0), None);
        assert!(!dry.try_take(t0 + Duration::from_secs(100)));
    }

    #[test]
    fn bad_numbers_make_an_empty_bucket() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(f64::NAN, -1.0, t0);
        assert_eq!(b.capacity(), 0.0);
        assert_eq!(b.refill_per_sec(), 0.0);
        assert!(!b.try_take(t0 + Duration::from_secs(10)));
        let mut inf = TokenBucket::new(f64::INFINITY, 1.0, t0);
        assert!(!inf.try_take(t0));
    }
}
