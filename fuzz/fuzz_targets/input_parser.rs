//! Feeds arbitrary bytes to the input parser in chunks: the first byte seeds the chunk sizes.
//! Checks: no panic, buffered state stays bounded, and the chunked events equal the events of
//! the same bytes fed at once.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stratego_ssh::ui::input::{InputParser, MAX_PASTE, MAX_SEQUENCE};

fuzz_target!(|data: &[u8]| {
    let Some((&seed, bytes)) = data.split_first() else {
        return;
    };

    let mut whole = InputParser::new();
    let mut want = whole.feed(bytes);
    want.extend(whole.flush());

    let mut chunked = InputParser::new();
    let mut got = Vec::new();
    let mut rest = bytes;
    let mut state = u32::from(seed) | 1;
    while !rest.is_empty() {
        // Chunk sizes 1..=16 from a tiny LCG seeded by the first byte.
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let n = ((state >> 16) as usize % 16 + 1).min(rest.len());
        let (chunk, tail) = rest.split_at(n);
        got.extend(chunked.feed(chunk));
        assert!(chunked.buffered_bytes() <= MAX_PASTE + MAX_SEQUENCE);
        rest = tail;
    }
    got.extend(chunked.flush());
    assert!(!chunked.pending());
    assert_eq!(got, want);
});
