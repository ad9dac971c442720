//! stratego-ssh: a Stratego server played over SSH.
//!
//! Layers (an arrow means "may import"): `rules` imports nothing of ours; `proto` → rules;
//! `ui` → rules, proto, text (no tokio, russh or sled); `bot` → rules, proto; `game` →
//! rules, proto, text, limit; `lobby` → game, bot, proto; `ssh` → ui, lobby, game, proto;
//! `server` is the composition root used by the binary and the end-to-end tests. Nothing
//! but `server` imports `ssh`.

pub mod archive;
pub mod bot;
pub mod config;
pub mod game;
pub mod limit;
pub mod loadgen;
pub mod lobby;
pub mod procinfo;
pub mod proto;
pub mod random;
pub mod rules;
pub mod screen;
pub mod server;
pub mod service;
mod ssh;
pub mod store;
pub mod text;
pub mod ui;
