//! The one source of unpredictable values: random set-up fills (through the seed each
//! session gives its screens), guest names, colours, bot seeds. Everything here draws from
//! `rand`'s thread generator (ChaCha, seeded from the operating system and reseeded), so
//! nothing another player can see (a game number, the time, a guest name) decides it.
//!
//! Reproducible randomness stays where it is wanted and explicit: the arena's and the
//! tests' seeds feed `rules::SplitMix64` directly.

use rand::RngExt;

/// A fresh unpredictable seed, e.g. for a session's screens or a computer player.
pub fn seed() -> u64 {
    rand::random()
}

/// Uniform in `0..n` (`n > 0`).
pub fn below(n: u64) -> u64 {
    rand::rng().random_range(0..n)
}

/// A fair coin (who plays Red).
pub fn coin() -> bool {
    rand::random()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_differ_and_below_stays_in_range() {
        let seeds: std::collections::HashSet<u64> = (0..64).map(|_| seed()).collect();
        assert_eq!(seeds.len(), 64);
        for _ in 0..1000 {
            assert!(below(7) < 7);
        }
        let heads = (0..2000).filter(|_| coin()).count();
        assert!((800..1200).contains(&heads), "{heads} heads in 2000");
    }
}
