//! stratego-ssh: a Stratego server played over SSH.
//!
//! Layers (an arrow means "may import"): `rules` imports nothing of ours; `proto` → rules;
//! `ui` → rules, proto, text (no tokio, russh or sled); `game`, `lobby` → rules, proto, bot;
//! `ssh` → ui, lobby, game, proto. Only the binary and tests use `ssh`.

pub mod archive;
pub mod proto;
pub mod rules;
pub mod store;
pub mod text;
pub mod ui;
pub mod limit;
