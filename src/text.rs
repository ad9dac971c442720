//! Cleaning untrusted text (chat lines, nicknames) before it reaches any screen.
