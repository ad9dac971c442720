//! Guests: people without an SSH key. Each guest connection holds a [`GuestPass`], a secret
//! token drawn from the operating system's randomness. The guest's identity (the
//! [`PlayerId::Guest`] its seats, records and logs carry) is derived from the token by
//! SHA-256, so knowing a guest's name or identity never lets anyone else in: a guest comes
//! back into a game only by logging in with the user name `NICK-TOKEN` shown on its own
//! screen (`ssh -p 2222 guest-1234-TOKEN@host`).

use sha2::{Digest, Sha256};

use crate::proto::PlayerId;

/// Letters of a token: digits and lower-case letters without i, l, o and u (nothing to
/// misread when typed from the screen).
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// 16 letters of 5 bits: 80 bits, out of reach of guessing at the server's login rate.
pub const TOKEN_LEN: usize = 16;

/// A guest's secret. Its `Debug` form hides the token, so it cannot end up in a log.
#[derive(Clone, PartialEq, Eq)]
pub struct GuestPass {
    token: String,
}

impl std::fmt::Debug for GuestPass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GuestPass({})", self.id())
    }
}

impl GuestPass {
    /// A new pass from the operating system's randomness.
    pub fn new() -> GuestPass {
        let token = (0..TOKEN_LEN)
            .map(|_| ALPHABET[crate::random::below(32) as usize] as char)
            .collect();
        GuestPass { token }
    }

    /// The pass a browser guest's cookie token stands for: 16 letters of SHA-256 of it (the
    /// server keeps only the token's digest, never the pass, and derives it again from
    /// the cookie the browser sends).
    pub fn derived(secret: &str) -> GuestPass {
        let digest = Sha256::digest(format!("browser-guest\0{secret}").as_bytes());
        let token = digest[..TOKEN_LEN]
            .iter()
            .map(|b| ALPHABET[usize::from(b & 31)] as char)
            .collect();
        GuestPass { token }
    }

    /// The pass in a login name `ANYTHING-TOKEN` (as [`GuestPass::login_name`] writes it),
    /// upper or lower case; `None` when the name carries no well-formed token.
    pub fn from_login(user: &str) -> Option<GuestPass> {
        let (_, token) = user.rsplit_once('-')?;
        let token = token.to_ascii_lowercase();
        (token.len() == TOKEN_LEN && token.bytes().all(|b| ALPHABET.contains(&b)))
            .then_some(GuestPass { token })
    }

    /// Whether a login name means to carry a pass (`NAME-TOKEN`, the token about the
    /// length of one, perhaps mistyped): a name that does not is an ordinary guest's.
    pub fn looks_like_pass(user: &str) -> bool {
        user.rsplit_once('-').is_some_and(|(_, t)| {
            (TOKEN_LEN - 4..=TOKEN_LEN + 4).contains(&t.len())
                && t.bytes().all(|b| b.is_ascii_alphanumeric())
        })
    }

    /// The identity this pass proves: `guest:` and 32 hex digits of the token's SHA-256.
    pub fn id(&self) -> PlayerId {
        let digest = Sha256::digest(self.token.as_bytes());
        let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        PlayerId::Guest(hex)
    }

    /// The user name that brings this guest back: `NICK-TOKEN`.
    pub fn login_name(&self, nick: &str) -> String {
        format!("{nick}-{}", self.token)
    }
}

impl Default for GuestPass {
    fn default() -> Self {
        GuestPass::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_reads_back_from_its_login_name_and_proves_the_same_identity() {
        let pass = GuestPass::new();
        let name = pass.login_name("guest-1234");
        assert!(name.starts_with("guest-1234-"));
        let back = GuestPass::from_login(&name).unwrap();
        assert_eq!(back, pass);
        assert_eq!(back.id(), pass.id());
        assert_eq!(
            GuestPass::from_login(&name.to_ascii_uppercase())
                .unwrap()
                .id(),
            pass.id()
        );
    }

    #[test]
    fn passes_are_unpredictable_and_identities_reveal_no_token() {
        let a = GuestPass::new();
        let b = GuestPass::new();
        assert_ne!(a, b);
        assert_ne!(a.id(), b.id());
        let PlayerId::Guest(id) = a.id() else {
            panic!("a guest id");
        };
        assert_eq!(id.len(), 32);
        assert!(!id.contains(&a.token));
        assert!(
            !format!("{a:?}").contains(&a.token),
            "Debug hides the token"
        );
    }

    #[test]
    fn names_without_a_token_are_not_passes() {
        for user in [
            "anyone",
            "guest-1234",
            "guest-1234-short",
            "guest-1234-0123456789abcdeu",  // u is not a token letter
            "guest-1234-0123456789abcdefg", // one letter too many
            "",
        ] {
            assert!(GuestPass::from_login(user).is_none(), "{user}");
        }
    }
}
