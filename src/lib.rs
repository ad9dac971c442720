//! stratego-ssh: a Stratego server played over SSH.
//!
//! Layers (an arrow means "may import"; `tests/layers.rs` checks them): `rules` imports
//! nothing of ours; `bot` → rules; `proto` (plain data, no tokio) → rules, bot (levels); `ui` → rules, proto, text
//! (no tokio, russh or sled), i18n; `i18n` (the catalogs, pure) imports nothing of ours; `store` → rules, proto, i18n; `game` → rules, proto, store, text,
//! limit; `ucc` (the UCC 2012 agent protocol, both ways) → rules, bot; `tournament` (pairings
//! and standings, pure) → rules, proto (its data types); `lobby` → game, bot, ucc, tournament, proto, store (reads
//! only; its tournament director queues writes); `service` → lobby, store, proto;
//! `ssh` → ui, service, lobby, proto; `web` (the read-only pages and JSON API) → service,
//! proto, rules, ui, text, limit (never `store` or `ssh`); `server` is the composition root used by the binary
//! and the end-to-end tests, and nothing but `server` imports `ssh`. Everything that must
//! be unpredictable comes from `random`; passkeys are checked by `webauthn` (pure, nothing
//! of ours); a guest's identity comes from its secret pass
//! (`guest`); a panic in the lobby or a game task stops the server (`supervise`). `bus`
//! (NATS between a core and its edges) → lobby, game, proto, rules, random: an edge's
//! sessions reach the core's lobby through it, and neither the lobby nor a game knows.

pub mod archive;
pub mod bot;
pub mod bus;
pub mod config;
pub mod game;
pub mod guest;
pub mod i18n;
pub mod limit;
pub mod lobby;
pub mod procinfo;
pub mod proto;
pub mod proxy;
pub mod random;
pub mod rules;
pub mod screen;
pub mod server;
pub mod service;
mod ssh;
pub mod store;
pub mod supervise;
pub mod text;
pub mod tournament;
pub mod ucc;
pub mod ui;
pub mod web;
pub mod webauthn;
