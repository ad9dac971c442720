//! Measurement tools for stratego-ssh, kept out of the server: the load generator
//! (`stratego-loadgen`, [`loadgen`]), which plays through real SSH sessions' screens, and the
//! store filler (`stratego-fill-store`, [`fill`]).

pub mod fill;
pub mod loadgen;
