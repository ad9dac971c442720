//! Terminal input bytes to events.
