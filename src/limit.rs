//! Rate limits (token buckets) for input, chat and connections: pure, driven by the caller's clock.
