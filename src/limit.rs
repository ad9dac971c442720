//! Rate limits (token buckets) for input, chat and connections: pure, driven by the caller's clock.
//!
//! Not `governor`: its keyed limiters keep every key until a sweep of the whole table
//! (`retain_recent`), where [`AddressRate`] must stay within a bound by forgetting the least
//! recently used address block at O(1) a call, and they cannot give back a cell taken for
//! something that did not happen (the accounts' refund, [`AddressRate::refund`]). Input
//! also needs what its cells have no notion of: an action dearer than the whole burst,
//! taken as a debt and paid back by waiting ([`TokenBucket::take_or_wait`]).

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

    /// Takes `n` tokens even when there are fewer, going into debt (down to minus the
    /// capacity at most; `n` is cut to the capacity), and returns how long from `now` until
    /// the balance is back at zero: the caller waits that long before its next action. Used
    /// where an action must never be dropped (input bytes): the caller slows down instead.
    /// A NaN or negative `n` takes nothing; a bucket without refill never asks to wait.
    pub fn take_or_wait(&mut self, n: f64, now: Instant) -> Duration {
        if n.is_nan() || n <= 0.0 {
            return Duration::ZERO;
        }
        self.refill(now);
        self.tokens = (self.tokens - n.min(self.capacity)).max(-self.capacity);
        if self.tokens >= 0.0 || self.refill_per_sec <= 0.0 {
            Duration::ZERO
        } else {
            Duration::try_from_secs_f64(-self.tokens / self.refill_per_sec)
                .unwrap_or(Duration::ZERO)
        }
    }

    /// Takes `n` tokens when the bucket holds `n` or is full (an action dearer than the
    /// whole bucket may run on a full one), going into debt by the rest: the next action
    /// waits until it is paid back. `false` (nothing taken) otherwise.
    pub fn try_take_dear(&mut self, n: f64, now: Instant) -> bool {
        if n.is_nan() || n < 0.0 {
            return false;
        }
        self.refill(now);
        if self.tokens >= n.min(self.capacity) {
            self.tokens -= n;
            true
        } else {
            false
        }
    }

    /// Takes `n` tokens whatever the bucket holds (no floor on the debt).
    pub fn take_debt(&mut self, n: f64, now: Instant) {
        if n.is_finite() && n > 0.0 {
            self.refill(now);
            self.tokens -= n;
        }
    }

    /// Gives back `n` tokens (up to the capacity): what they were taken for did not happen.
    pub fn refund(&mut self, n: f64) {
        if n.is_finite() && n > 0.0 {
            self.tokens = (self.tokens + n).min(self.capacity);
        }
    }

    pub fn capacity(&self) -> f64 {
        self.capacity
    }

    pub fn refill_per_sec(&self) -> f64 {
        self.refill_per_sec
    }
}

/// Smallest cost of one packet of input, in bytes: a flood of one-byte packets is read no
/// faster (in packets, each of which may redraw) than this many bytes a packet allow.
pub const INPUT_PACKET_MIN: usize = 256;

/// Largest terminal drawn for; bigger windows are clamped to it.
pub const MAX_COLS: u16 = 500;
pub const MAX_ROWS: u16 = 200;

/// A window change costs a token per this many cells of the new size (a 120x40 screen):
/// drawing a window whole costs in proportion to its size, so a storm of 500x200 windows
/// is drawn about a twentieth as often as one of ordinary ones.
const RESIZE_UNIT_CELLS: f64 = 120.0 * 40.0;

fn resize_cost(width: u16, height: u16) -> f64 {
    (f64::from(width) * f64::from(height) / RESIZE_UNIT_CELLS).max(1.0)
}

/// One interactive session's input budgets and the timers they set, driven by the caller's
/// clock (the session task asks [`next`](Self::next) when to wake and calls
/// [`due`](Self::due) then).
///
/// - Bytes: a bucket of `bytes_per_sec` a second, twice that in a burst; a packet costs its
///   length, at least [`INPUT_PACKET_MIN`]. Over budget nothing is dropped: [`read`]
///   counts the packet and, when the bucket is in debt, [`reading`] is false until it is
///   paid back (the session stops taking input; the client's TCP window closes behind it).
/// - Paste: a bracketed paste may last `paste_timeout` of the time the session reads; then
///   [`Due::paste_over`]. The clock stops while reading is paused (the rest of the paste,
///   its end marker too, may be waiting in the queue): a flooder's paste ends by its size
///   (the parser's bound), an honest slow one is not cut.
/// - Window changes: `resizes_per_sec` of 120x40 a second (a larger window costs in
///   proportion to its cells; the burst holds the largest); one that comes too soon is kept
///   as the size to draw, replaced by any later one, and comes back in [`Due::size`] once
///   the budget allows: a storm of them draws a few frames a second, the last size last.
///
/// [`read`]: Self::read
/// [`reading`]: Self::reading
#[derive(Clone, Debug)]
pub struct InputLimits {
    bytes: TokenBucket,
    resume: Option<Instant>,
    /// When reading was paused (while `resume` is set).
    paused_at: Option<Instant>,
    paste_timeout: Duration,
    paste_until: Option<Instant>,
    resizes: TokenBucket,
    size: Option<(u16, u16)>,
    size_at: Option<Instant>,
}

/// What [`InputLimits::due`] found due.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Due {
    /// The paste in progress has lasted its time: end it.
    pub paste_over: bool,
    /// The window size to draw now.
    pub size: Option<(u16, u16)>,
}

impl InputLimits {
    pub fn new(
        bytes_per_sec: usize,
        resizes_per_sec: usize,
        paste_timeout: Duration,
        now: Instant,
    ) -> Self {
        let bytes = bytes_per_sec.max(INPUT_PACKET_MIN) as f64;
        let resizes = resizes_per_sec.max(1) as f64;
        InputLimits {
            bytes: TokenBucket::new(2.0 * bytes, bytes, now),
            resume: None,
            paused_at: None,
            paste_timeout,
            paste_until: None,
            resizes: TokenBucket::new(resizes, resizes, now),
            size: None,
            size_at: None,
        }
    }

    /// Whether the session takes input now.
    pub fn reading(&self) -> bool {
        self.resume.is_none()
    }

    /// Counts a packet of `len` bytes (already taken: it is parsed whole).
    pub fn read(&mut self, len: usize, now: Instant) {
        let wait = self
            .bytes
            .take_or_wait(len.max(INPUT_PACKET_MIN) as f64, now);
        if !wait.is_zero() {
            self.resume = Some(now + wait);
            self.paused_at.get_or_insert(now);
        }
    }

    /// Tells whether the parser is inside a bracketed paste after the bytes just read: the
    /// paste's clock starts with it and stops when it ends.
    pub fn paste(&mut self, in_paste: bool, now: Instant) {
        if !in_paste {
            self.paste_until = None;
        } else if self.paste_until.is_none() {
            self.paste_until = Some(now + self.paste_timeout);
        }
    }

    /// A window change: `Some` size to draw now, or `None` when it waits (the last one is
    /// kept and comes back from [`due`](Self::due)).
    pub fn resize(&mut self, width: u16, height: u16, now: Instant) -> Option<(u16, u16)> {
        let cost = resize_cost(width, height);
        if self.size_at.is_none() && self.resizes.try_take_dear(cost, now) {
            self.size = None;
            return Some((width, height));
        }
        self.size = Some((width, height));
        if self.size_at.is_none() {
            // Waits for the cost of this size (at most a full bucket); a later, larger one
            // pays the rest when due.
            let wait = self
                .resizes
                .wait_for(cost.min(self.resizes.capacity()), now)
                .unwrap_or(Duration::from_secs(1));
            self.size_at = Some(now + wait);
        }
        None
    }

    /// The next time [`due`](Self::due) has something to do.
    pub fn next(&self) -> Option<Instant> {
        let paste = self.paste_until.filter(|_| self.reading());
        [self.resume, paste, self.size_at]
            .into_iter()
            .flatten()
            .min()
    }

    /// What is due at `now` (reading resumes silently).
    pub fn due(&mut self, now: Instant) -> Due {
        let mut due = Due::default();
        if self.resume.is_some_and(|t| t <= now) {
            self.resume = None;
            // The paste's clock stood still while reading was paused.
            if let (Some(until), Some(at)) = (&mut self.paste_until, self.paused_at.take()) {
                *until += now.saturating_duration_since(at);
            }
        }
        if self.reading() && self.paste_until.is_some_and(|t| t <= now) {
            self.paste_until = None;
            due.paste_over = true;
        }
        if self.size_at.is_some_and(|t| t <= now) {
            self.size_at = None;
            // Its time was computed for its cost: take it, into debt if the size kept now
            // is larger (or rounding left a hair less); later changes wait for that.
            if let Some((w, h)) = self.size {
                self.resizes.take_debt(resize_cost(w, h), now);
            }
            due.size = self.size.take();
        }
        due
    }
}

/// Raises this process's open-file soft limit to its hard limit (every connection, SSH's
/// and the web's, holds a descriptor: at the common soft limit of 1,024 a web flood left
/// SSH's accept loop failing). Returns the soft and hard limits after, or `None` where they
/// cannot be read (not Unix).
pub fn raise_open_files() -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        let mut now = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit read or write only the struct passed.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut now) } != 0 {
            return None;
        }
        if now.rlim_cur < now.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: now.rlim_max,
                rlim_max: now.rlim_max,
            };
            // SAFETY: as above.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                now = raised;
            }
        }
        // rlim_t is u64 here, narrower or wider elsewhere.
        #[allow(clippy::unnecessary_cast)]
        Some((now.rlim_cur as u64, now.rlim_max as u64))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// An address in its one form: an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as a
/// dual-stack `[::]` listener sees IPv4 clients) is that IPv4 address; others as they are.
pub fn canonical(ip: std::net::IpAddr) -> std::net::IpAddr {
    match ip {
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => std::net::IpAddr::V4(v4),
            None => ip,
        },
        v4 => v4,
    }
}

/// The key per-address limits, bans and kicks count under: an IPv4 address itself (an
/// IPv4-mapped IPv6 address is that IPv4 address), an IPv6 address its /64 (one
/// subscriber's network: a client walking its /64 stays one address).
pub fn address_block(ip: std::net::IpAddr) -> std::net::IpAddr {
    AddrNet::block(ip).base()
}

/// A network of addresses: a base address and a prefix length (bits), in the one form
/// of [`canonical`] (an IPv4-mapped network is an IPv4 one). What an address ban or kick
/// covers: by default an address's [`address_block`] (an IPv4 address, an IPv6 /64), or
/// any prefix written on purpose (`10.0.0.0/8`, `2001:db8::/48`, `2001:db8::1/128`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AddrNet {
    base: std::net::IpAddr,
    prefix: u8,
}

impl AddrNet {
    /// The network of `prefix` bits around `ip` (bits past the prefix cleared; a prefix
    /// past the family's width is cut to it).
    pub fn new(ip: std::net::IpAddr, prefix: u8) -> AddrNet {
        use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
        match canonical(ip) {
            IpAddr::V4(v4) => {
                let prefix = prefix.min(32);
                let mask = u32::MAX.checked_shl(32 - u32::from(prefix)).unwrap_or(0);
                AddrNet {
                    base: IpAddr::V4(Ipv4Addr::from(u32::from(v4) & mask)),
                    prefix,
                }
            }
            IpAddr::V6(v6) => {
                let prefix = prefix.min(128);
                let mask = u128::MAX.checked_shl(128 - u32::from(prefix)).unwrap_or(0);
                AddrNet {
                    base: IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask)),
                    prefix,
                }
            }
        }
    }

    /// An address's block: an IPv4 address alone, an IPv6 address's /64.
    pub fn block(ip: std::net::IpAddr) -> AddrNet {
        match canonical(ip) {
            v4 @ std::net::IpAddr::V4(_) => AddrNet::new(v4, 32),
            v6 => AddrNet::new(v6, 64),
        }
    }

    /// Reads `1.2.3.4` (that address), `2001:db8::1` (its /64), `::ffff:1.2.3.4` (the
    /// IPv4 address), or a prefix: `10.0.0.0/8`, `2001:db8::/48`, `2001:db8::1/128`
    /// (bits past the prefix are ignored). An IPv4-mapped prefix of 96 bits or more is
    /// the IPv4 prefix it maps.
    // Kept a String error: parses an admin's text, and the text is the answer they get.
    pub fn parse(text: &str) -> Result<AddrNet, String> {
        let text = text.trim();
        let bad = || {
            format!("'{text}' is not an IP address or a prefix like 10.0.0.0/8 or 2001:db8::/48")
        };
        let Some((addr, bits)) = text.split_once('/') else {
            let ip: std::net::IpAddr = text.parse().map_err(|_| bad())?;
            return Ok(AddrNet::block(ip));
        };
        let ip: std::net::IpAddr = addr.parse().map_err(|_| bad())?;
        if bits.is_empty() || !bits.bytes().all(|b| b.is_ascii_digit()) || bits.len() > 3 {
            return Err(bad());
        }
        let bits: u8 = bits.parse().map_err(|_| bad())?;
        let mapped = matches!(ip, std::net::IpAddr::V6(v6) if v6.to_ipv4_mapped().is_some());
        let (bits, width) = match ip {
            std::net::IpAddr::V4(_) => (bits, 32),
            _ if mapped => match bits.checked_sub(96) {
                Some(b) => (b, 32),
                None => return Err(format!("'{text}': an IPv4-mapped prefix is /96 or longer")),
            },
            _ => (bits, 128),
        };
        if bits > width {
            return Err(format!("'{text}': the prefix is longer than the address"));
        }
        Ok(AddrNet::new(ip, bits))
    }

    /// Whether `ip` (in any form: an IPv4-mapped one is its IPv4 address) is in it.
    pub fn contains(&self, ip: std::net::IpAddr) -> bool {
        AddrNet::new(ip, self.prefix) == *self
    }

    /// Whether it is an address's block (an IPv4 address, an IPv6 /64): the default a
    /// plain address stands for.
    pub fn is_block(&self) -> bool {
        self.prefix == if self.base.is_ipv4() { 32 } else { 64 }
    }

    pub fn base(&self) -> std::net::IpAddr {
        self.base
    }

    pub fn prefix(&self) -> u8 {
        self.prefix
    }
}

/// `1.2.3.4` for an IPv4 address, else `base/prefix` (`2001:db8:1:2::/64`, `10.0.0.0/8`).
impl std::fmt::Display for AddrNet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.base.is_ipv4() && self.prefix == 32 {
            write!(f, "{}", self.base)
        } else {
            write!(f, "{}/{}", self.base, self.prefix)
        }
    }
}

/// Addresses (blocks) counted at once by an [`AddressRate`], at most; past it the least
/// recently seen one is forgotten to make room (a flood of addresses must neither lock
/// everyone out nor let newcomers in uncounted; `max_connections` still bounds them).
pub const RATE_TRACKED: usize = 100_000;

/// What [`AddressRate::take`] decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admit {
    Yes,
    /// Over the address's allowance; `first` for the first refusal in a minute (worth a
    /// log line; the rest are not).
    No {
        first: bool,
    },
}

/// One tracked address block of an [`AddressRate`].
#[derive(Debug)]
struct Tracked {
    bucket: TokenBucket,
    /// When a refusal of it was last reported as `first`.
    told: Option<Instant>,
    /// Its place in the order of use: the stamp of its latest entry in `order`.
    stamp: u64,
}

/// An allowance per [`address_block`] (new connections, commands, chat lines): a token
/// bucket each (by default `per_minute` a minute, half of them at once). An address whose
/// bucket has filled up again is forgotten, so the table holds only the addresses seen
/// lately; it never holds more than its bound ([`RATE_TRACKED`]): past it the least
/// recently used address is forgotten. Every [`take`](Self::take) costs amortised O(1): no
/// sweep of the whole table.
#[derive(Debug)]
pub struct AddressRate {
    capacity: f64,
    refill_per_sec: f64,
    max_tracked: usize,
    table: std::collections::HashMap<std::net::IpAddr, Tracked>,
    /// Addresses in order of use, oldest first, each with the stamp it had then (an entry
    /// whose stamp is no longer its address's is stale and skipped).
    order: std::collections::VecDeque<(std::net::IpAddr, u64)>,
    next_stamp: u64,
}

impl AddressRate {
    /// `per_minute` a minute per address block, half of them at once.
    pub fn new(per_minute: usize) -> AddressRate {
        AddressRate::with_bucket(
            (per_minute as f64 / 2.0).max(1.0),
            per_minute as f64 / 60.0,
            RATE_TRACKED,
        )
    }

    /// A bucket of `capacity` filling at `refill_per_sec` per address block, at most
    /// `max_tracked` (at least 1) blocks counted at once.
    pub fn with_bucket(capacity: f64, refill_per_sec: f64, max_tracked: usize) -> AddressRate {
        AddressRate {
            capacity,
            refill_per_sec,
            max_tracked: max_tracked.max(1),
            table: Default::default(),
            order: Default::default(),
            next_stamp: 0,
        }
    }

    /// Something (a connection, a command) from `ip` at `now`: within its allowance?
    pub fn take(&mut self, ip: std::net::IpAddr, now: Instant) -> Admit {
        let key = address_block(ip);
        self.forget_idle(now);
        if !self.table.contains_key(&key) && self.table.len() >= self.max_tracked {
            self.evict_oldest();
        }
        let stamp = self.next_stamp;
        self.next_stamp += 1;
        let (capacity, refill) = (self.capacity, self.refill_per_sec);
        let t = self.table.entry(key).or_insert_with(|| Tracked {
            bucket: TokenBucket::new(capacity, refill, now),
            told: None,
            stamp,
        });
        t.stamp = stamp;
        // The same address again (a flood): its last entry moves in place.
        match self.order.back_mut() {
            Some(last) if last.0 == key => last.1 = stamp,
            _ => self.order.push_back((key, stamp)),
        }
        let admit = if t.bucket.try_take(now) {
            Admit::Yes
        } else {
            let first = t
                .told
                .is_none_or(|told| now.duration_since(told) >= Duration::from_secs(60));
            if first {
                t.told = Some(now);
            }
            Admit::No { first }
        };
        // Stale entries past twice the live ones: dropped in one pass (amortised O(1)).
        if self.order.len() > 2 * self.table.len() + 64 {
            let table = &self.table;
            self.order
                .retain(|(k, s)| table.get(k).is_some_and(|t| t.stamp == *s));
        }
        admit
    }

    /// Forgets, oldest first, the addresses whose allowance is whole again (and that were
    /// not refused in the last minute, so their log line stays one a minute); stops at the
    /// first one still counting. Each entry of `order` is looked at once.
    fn forget_idle(&mut self, now: Instant) {
        while let Some(&(k, s)) = self.order.front() {
            match self.table.get_mut(&k) {
                Some(t) if t.stamp == s => {
                    let whole = t.bucket.available(now) >= self.capacity;
                    let told = t
                        .told
                        .is_some_and(|told| now.duration_since(told) < Duration::from_secs(60));
                    if !whole || told {
                        return;
                    }
                    self.table.remove(&k);
                }
                _ => {}
            }
            self.order.pop_front();
        }
    }

    /// Forgets the least recently used address (to make room for a new one).
    fn evict_oldest(&mut self) {
        while let Some((k, s)) = self.order.pop_front() {
            if self.table.get(&k).is_some_and(|t| t.stamp == s) {
                self.table.remove(&k);
                return;
            }
        }
    }

    /// Gives back what `ip`'s block last took (it was not used after all). Nothing if the
    /// block is no longer counted.
    pub fn refund(&mut self, ip: std::net::IpAddr) {
        if let Some(t) = self.table.get_mut(&address_block(ip)) {
            t.bucket.refund(1.0);
        }
    }

    /// Addresses counted now.
    pub fn tracked(&self) -> usize {
        self.table.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn address_rate_allow_half_a_minute_at_once_then_one_per_share() {
        let t0 = Instant::now();
        let mut a = AddressRate::new(30);
        let ip: std::net::IpAddr = "203.0.113.7".parse().unwrap();
        for _ in 0..15 {
            assert_eq!(a.take(ip, t0), Admit::Yes);
        }
        assert_eq!(a.take(ip, t0), Admit::No { first: true });
        assert_eq!(a.take(ip, t0), Admit::No { first: false });
        // Another address is not held up.
        assert_eq!(a.take("203.0.113.8".parse().unwrap(), t0), Admit::Yes);
        // 30 a minute: one more after 2 s.
        assert_eq!(a.take(ip, t0 + ms(1900)), Admit::No { first: false });
        assert_eq!(a.take(ip, t0 + ms(2100)), Admit::Yes);
        // Refused again, reported once a minute.
        assert_eq!(a.take(ip, t0 + ms(2200)), Admit::No { first: false });
        assert_eq!(a.take(ip, t0 + Duration::from_secs(61)), Admit::Yes);
        for _ in 0..14 {
            a.take(ip, t0 + Duration::from_secs(61));
        }
        assert_eq!(
            a.take(ip, t0 + Duration::from_secs(61)),
            Admit::No { first: true }
        );
    }

    #[test]
    fn address_rate_count_an_ipv6_slash_64_as_one_address() {
        let t0 = Instant::now();
        let mut a = AddressRate::new(2);
        assert_eq!(a.take("2001:db8::1".parse().unwrap(), t0), Admit::Yes);
        assert!(matches!(
            a.take("2001:db8::ffff:1".parse().unwrap(), t0),
            Admit::No { .. }
        ));
        assert_eq!(a.take("2001:db8:0:1::1".parse().unwrap(), t0), Admit::Yes);
    }

    #[test]
    fn address_rate_forget_addresses_once_their_allowance_is_whole() {
        let t0 = Instant::now();
        let mut a = AddressRate::new(60);
        for i in 0..100u8 {
            a.take(std::net::IpAddr::from([198, 51, 100, i]), t0);
        }
        assert_eq!(a.tracked(), 100);
        // One token a second: all whole again after a second; the next arrival sweeps.
        a.take("192.0.2.1".parse().unwrap(), t0 + Duration::from_secs(11));
        assert_eq!(a.tracked(), 1);
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
    fn take_or_wait_goes_into_debt_and_says_how_long() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(10.0, 10.0, t0);
        assert_eq!(b.take_or_wait(6.0, t0), Duration::ZERO);
        // 4 left: taking 9 leaves -5, half a second of refill.
        assert_eq!(b.take_or_wait(9.0, t0), ms(500));
        assert!(!b.try_take(t0 + ms(499)));
        assert_eq!(b.wait_for(0.0, t0 + ms(500)), Some(Duration::ZERO));
        // More than the capacity counts as the capacity; the debt never passes it.
        let mut b = TokenBucket::new(10.0, 10.0, t0);
        assert_eq!(b.take_or_wait(1e9, t0), Duration::ZERO);
        assert_eq!(b.take_or_wait(1e9, t0), Duration::from_secs(1));
        assert_eq!(b.take_or_wait(1e9, t0), Duration::from_secs(1));
        assert_eq!(b.take_or_wait(f64::NAN, t0), Duration::ZERO);
        assert_eq!(b.take_or_wait(-3.0, t0), Duration::ZERO);
    }

    fn limits(t0: Instant) -> InputLimits {
        InputLimits::new(1000, 4, Duration::from_secs(5), t0)
    }

    #[test]
    fn input_over_budget_pauses_reading_and_drops_nothing() {
        let t0 = Instant::now();
        let mut l = limits(t0);
        // A burst of 2,000 bytes is free; tiny packets cost INPUT_PACKET_MIN each.
        l.read(1000, t0);
        l.read(1, t0);
        assert!(l.reading());
        l.read(1000, t0);
        assert!(!l.reading(), "in debt: the session stops reading");
        let resume = l.next().expect("a time to read again");
        assert_eq!(resume, t0 + ms(256));
        assert_eq!(l.due(resume - ms(1)), Due::default());
        assert!(!l.reading());
        assert_eq!(l.due(resume), Due::default());
        assert!(l.reading());
        assert_eq!(l.next(), None);
    }

    #[test]
    fn a_paste_is_given_its_time_from_its_start() {
        let t0 = Instant::now();
        let mut l = limits(t0);
        l.paste(true, t0);
        l.paste(true, t0 + ms(4000));
        assert_eq!(l.next(), Some(t0 + ms(5000)));
        assert!(!l.due(t0 + ms(4999)).paste_over);
        assert!(l.due(t0 + ms(5000)).paste_over);
        assert_eq!(l.next(), None);
        // A paste that ends in time stops its clock.
        l.paste(true, t0 + ms(6000));
        l.paste(false, t0 + ms(6001));
        assert_eq!(l.next(), None);
    }

    #[test]
    fn a_paste_clock_stands_still_while_reading_is_paused() {
        let t0 = Instant::now();
        let mut l = limits(t0);
        l.paste(true, t0);
        // At 4.8 s a flood puts the session in debt for half a second (2,000 + 500 bytes).
        l.read(2000, t0 + ms(4800));
        l.read(500, t0 + ms(4800));
        assert!(!l.reading());
        assert_eq!(
            l.next(),
            Some(t0 + ms(5300)),
            "only the resume while paused"
        );
        // Past the paste's 5 s while paused: nothing ends.
        assert_eq!(l.due(t0 + ms(5300)), Due::default());
        assert!(l.reading());
        // The paste got back the half second it stood still.
        assert_eq!(l.next(), Some(t0 + ms(5500)));
        assert!(!l.due(t0 + ms(5499)).paste_over);
        assert!(l.due(t0 + ms(5500)).paste_over);
    }

    #[test]
    fn a_storm_of_huge_windows_is_drawn_in_proportion_to_their_size() {
        let t0 = Instant::now();
        let mut l = limits(t0);
        let mut drawn = Vec::new();
        let mut now = t0;
        // 10 s of 500x200 windows (20.8 times a 120x40 screen), one every 10 ms.
        for i in 0..1000u64 {
            now = t0 + ms(i * 10);
            while let Some(t) = l.next().filter(|t| *t <= now) {
                drawn.extend(l.due(t).size);
            }
            let w = if i % 2 == 0 { MAX_COLS } else { MAX_COLS - 1 };
            drawn.extend(l.resize(w, MAX_ROWS, now));
        }
        // 4 screens of 120x40 a second: one 500x200 every 5.2 s, the first at once.
        assert!(
            (2..=3).contains(&drawn.len()),
            "{} huge sizes drawn in 10 s",
            drawn.len()
        );
        // A small window after the storm waits for the debt, then is drawn.
        assert_eq!(l.resize(80, 24, now), None);
        let t = l.next().expect("a time to draw it");
        assert!(
            t > now && t <= now + Duration::from_secs(6),
            "{:?}",
            t - now
        );
        assert_eq!(l.due(t).size, Some((80, 24)));
    }

    #[test]
    fn a_resize_storm_draws_a_few_sizes_a_second_and_the_last_one() {
        let t0 = Instant::now();
        let mut l = limits(t0);
        let mut drawn = Vec::new();
        let mut now = t0;
        // 2,000 window changes over two seconds, one a millisecond.
        for i in 0..2000u16 {
            now = t0 + ms(u64::from(i));
            while let Some(t) = l.next().filter(|t| *t <= now) {
                drawn.extend(l.due(t).size);
            }
            drawn.extend(l.resize(80 + i % 100, 24, now));
        }
        // Then quiet: what is left comes out.
        while let Some(t) = l.next() {
            now = now.max(t);
            drawn.extend(l.due(t).size);
        }
        assert_eq!(
            drawn.last(),
            Some(&(80 + 1999 % 100, 24)),
            "the last size wins"
        );
        // A burst of 4, then 4 a second for 2 s, and the last one.
        assert!(drawn.len() <= 4 + 8 + 1, "{} sizes drawn", drawn.len());
        assert!(drawn.len() >= 8, "{} sizes drawn", drawn.len());
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

#[cfg(test)]
mod address_tests {
    use super::{address_block, AddrNet, AddressRate, Admit};
    use std::net::IpAddr;
    use std::time::{Duration, Instant};

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn per_address_limits_count_ipv6_by_its_64_and_ipv4_by_address() {
        // One /64: every address in it is one key.
        let a = address_block(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd"));
        assert_eq!(a, ip("2001:db8:1:2::"));
        assert_eq!(address_block(ip("2001:db8:1:2::1")), a);
        assert_eq!(address_block(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")), a);
        // The next /64 is another.
        assert_ne!(address_block(ip("2001:db8:1:3::1")), a);
        // IPv4: each address on its own; IPv4-mapped IPv6 is that IPv4 address.
        assert_eq!(address_block(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_ne!(
            address_block(ip("192.0.2.8")),
            address_block(ip("192.0.2.7"))
        );
        assert_eq!(address_block(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(address_block(ip("::1")), ip("::"));
    }

    #[test]
    fn a_plain_address_stands_for_its_block_and_a_prefix_for_itself() {
        let n = |s: &str| AddrNet::parse(s).unwrap();
        assert_eq!(n("1.2.3.4").to_string(), "1.2.3.4");
        assert_eq!(n("::ffff:1.2.3.4"), n("1.2.3.4"));
        assert_eq!(n("2001:db8:1:2::abcd").to_string(), "2001:db8:1:2::/64");
        assert_eq!(n("2001:db8::1/128").to_string(), "2001:db8::1/128");
        assert_eq!(n("2001:db8:ff::1/48").to_string(), "2001:db8:ff::/48");
        assert_eq!(n("10.9.8.7/8").to_string(), "10.0.0.0/8");
        assert_eq!(n("::ffff:10.0.0.0/104"), n("10.0.0.0/8"));
        assert_eq!(n("0.0.0.0/0").to_string(), "0.0.0.0/0");
        for bad in [
            "",
            "1.2.3",
            "1.2.3.4/33",
            "2001:db8::/129",
            "1.2.3.4/",
            "1.2.3.4/x",
            "::ffff:1.2.3.4/64",
            "1.2.3.4/-1",
            "host.example",
        ] {
            assert!(AddrNet::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_network_holds_its_addresses_in_any_form() {
        let n = |s: &str| AddrNet::parse(s).unwrap();
        assert!(n("127.0.0.1").contains(ip("::ffff:127.0.0.1")));
        assert!(!n("127.0.0.1").contains(ip("127.0.0.2")));
        assert!(n("2001:db8::1").contains(ip("2001:db8::ffff:ffff:ffff:ffff")));
        assert!(!n("2001:db8::1").contains(ip("2001:db8:0:1::1")));
        assert!(n("2001:db8::/32").contains(ip("2001:db8:ffff::1")));
        assert!(!n("2001:db8::1/128").contains(ip("2001:db8::2")));
        assert!(n("10.0.0.0/8").contains(ip("::ffff:10.1.1.1")));
        // Families never mix: ::/0 holds no IPv4 address, 0.0.0.0/0 no IPv6 one.
        assert!(!n("::/0").contains(ip("1.2.3.4")));
        assert!(n("::/0").contains(ip("2001:db8::1")));
        assert!(!n("0.0.0.0/0").contains(ip("2001:db8::1")));
        assert!(n("0.0.0.0/0").contains(ip("::ffff:1.2.3.4")));
    }

    #[test]
    fn the_address_table_keeps_its_bound_forgetting_the_least_recently_used() {
        let t0 = Instant::now();
        // 2 at once, no refill: an address is refused after two.
        let mut a = AddressRate::with_bucket(2.0, 0.0, 3);
        let v4 = |i: u8| std::net::IpAddr::from([198, 51, 100, i]);
        for i in 1..=3 {
            a.take(v4(i), t0);
            a.take(v4(i), t0);
        }
        assert!(matches!(a.take(v4(1), t0), Admit::No { .. }));
        assert_eq!(a.tracked(), 3);
        // A newcomer past the bound is counted: the least recently used (2) makes room.
        assert_eq!(a.take(v4(4), t0), Admit::Yes);
        assert_eq!(a.take(v4(4), t0), Admit::Yes);
        assert!(
            matches!(a.take(v4(4), t0), Admit::No { .. }),
            "counted, not let in uncounted"
        );
        assert_eq!(a.tracked(), 3);
        assert!(
            matches!(a.take(v4(1), t0), Admit::No { .. }),
            "1 was used lately: kept"
        );
        assert!(matches!(a.take(v4(3), t0), Admit::No { .. }), "3 kept");
        assert_eq!(a.take(v4(2), t0), Admit::Yes, "2 was forgotten");
    }

    #[test]
    fn past_the_production_bound_a_newcomer_is_counted_too() {
        let t0 = Instant::now();
        let mut a = AddressRate::new(2);
        for i in 0..super::RATE_TRACKED as u32 {
            a.take(std::net::IpAddr::from((i + 1).to_be_bytes()), t0);
        }
        assert_eq!(a.tracked(), super::RATE_TRACKED);
        let new = ip("2001:db8::1");
        assert_eq!(a.take(new, t0), Admit::Yes);
        assert!(
            matches!(a.take(new, t0), Admit::No { .. }),
            "counted, not let in uncounted"
        );
        assert_eq!(a.tracked(), super::RATE_TRACKED);
    }

    #[test]
    fn a_flood_from_one_address_or_many_keeps_the_table_small() {
        let t0 = Instant::now();
        let mut a = AddressRate::with_bucket(5.0, 1.0, 1000);
        // One address, a million times: one entry, one place in the order.
        for i in 0..1_000_000u64 {
            a.take(ip("203.0.113.1"), t0 + Duration::from_micros(i));
        }
        assert_eq!(a.tracked(), 1);
        assert!(a.order.len() <= 1);
        // Two addresses taking turns, then a walk over 100,000 addresses.
        for i in 0..10_000u32 {
            a.take(
                ip(if i % 2 == 0 {
                    "203.0.113.1"
                } else {
                    "203.0.113.2"
                }),
                t0,
            );
        }
        for i in 0..100_000u32 {
            a.take(std::net::IpAddr::from(i.to_be_bytes()), t0);
        }
        assert_eq!(a.tracked(), 1000);
        assert!(a.order.len() <= 2 * 1000 + 64, "{}", a.order.len());
    }
}

/// Guests connected at once, over SSH and from the browser board together, and how many
/// may be (`max_guest_connections`). Cheap to clone; the default has no cap.
#[derive(Clone, Debug)]
pub struct GuestSeats {
    taken: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    cap: usize,
}

impl Default for GuestSeats {
    fn default() -> Self {
        GuestSeats::new(usize::MAX)
    }
}

impl GuestSeats {
    pub fn new(cap: usize) -> GuestSeats {
        GuestSeats {
            taken: Default::default(),
            cap,
        }
    }

    /// A guest's seat while it lives; `None` when every one is taken.
    pub fn take(&self) -> Option<GuestSeat> {
        use std::sync::atomic::Ordering;
        self.taken
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.cap).then_some(n + 1)
            })
            .ok()
            .map(|_| GuestSeat(self.taken.clone()))
    }

    /// Seats taken now.
    pub fn taken(&self) -> usize {
        self.taken.load(std::sync::atomic::Ordering::Acquire)
    }
}

/// One guest counted against [`GuestSeats`] until dropped.
#[derive(Debug)]
pub struct GuestSeat(std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl Drop for GuestSeat {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}
