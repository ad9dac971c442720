//! Checking and importing games of the public Gravon archive.
