//! The archive (Gravon XML) and record (our text format) parsers take any bytes without
//! panicking; whatever they accept replays or is refused with an error, and a parsed
//! record written back reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stratego_ssh::rules::{gravon, GameRecord};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = gravon::parse(text) {
        let _ = gravon::record_from_gravon(&game);
        let again = gravon::parse(&game.to_xml()).expect("written XML reads back");
        assert_eq!(again, game);
    }
    if let Ok(record) = GameRecord::from_text(text) {
        let _ = record.replay();
        let again = GameRecord::from_text(&record.to_text()).expect("written record reads back");
        assert_eq!(again, record);
    }
});
