//! Screens: pure functions from view models to a ratatui buffer, and input decoding.

pub mod input;
