//! Browser sign-ins of key holders (`ssh host web-login`, `ssh host web-sessions`, the web's
//! `/login/CODE` and sign-out): the store's [`WebLogins`] off the runtime, with bans and
//! nicks applied as on SSH.
//!
//! [`WebLogins`]: crate::store::WebLogins

use super::Service;
use crate::proto::PlayerId;
use crate::store::{StoreError, WebSession};

/// How long a browser stays signed in (the cookie's `Max-Age` too).
pub const WEB_SESSION_SECS: u64 = crate::store::SESSION_SECS;

/// Who a browser is signed in as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedIn {
    pub identity: PlayerId,
    pub nick: String,
}

impl Service {
    /// A one-time sign-in code for a key holder (flushed).
    pub async fn web_link(&self, identity: &PlayerId) -> Result<String, StoreError> {
        self.store.web().issue_link(identity).await
    }

    /// Whom a code would sign in (its nick), while it works and the player may sign in.
    pub async fn web_link_for(&self, code: &str) -> Result<Option<SignedIn>, StoreError> {
        let code = code.to_string();
        self.blocking(move |s| match s.web().peek(&code)? {
            Some(identity) => allowed(s, identity),
            None => Ok(None),
        })
        .await
    }

    /// Uses a code: the new session's token and who it is; `None` for a code unknown, used
    /// or expired, or a player banned since.
    pub async fn web_redeem(
        &self,
        code: &str,
        agent: &str,
    ) -> Result<Option<(String, SignedIn)>, StoreError> {
        let Some((token, identity)) = self.store.web().redeem(code, agent).await? else {
            return Ok(None);
        };
        match self.blocking(move |s| allowed(s, identity)).await? {
            Some(who) => Ok(Some((token, who))),
            None => {
                self.store.web().sign_out(&token).await?;
                Ok(None)
            }
        }
    }

    /// Who a browser's session token signs in, while it lasts and the player is not banned.
    pub async fn web_signed_in(&self, token: &str) -> Result<Option<SignedIn>, StoreError> {
        let token = token.to_string();
        self.blocking(move |s| match s.web().session(&token)? {
            Some(session) => allowed(s, session.identity),
            None => Ok(None),
        })
        .await
    }

    /// A player's browser sessions, oldest first.
    pub async fn web_sessions(&self, identity: &PlayerId) -> Result<Vec<WebSession>, StoreError> {
        let identity = identity.clone();
        self.blocking(move |s| s.web().list(&identity)).await
    }

    /// Ends the `which`-th (1-based) of a player's sessions, or all; how many ended.
    pub async fn end_web_sessions(
        &self,
        identity: &PlayerId,
        which: Option<usize>,
    ) -> Result<usize, StoreError> {
        self.store.web().end(identity, which).await
    }

    /// Signs one browser out; whether it was signed in.
    pub async fn web_sign_out(&self, token: &str) -> Result<bool, StoreError> {
        self.store.web().sign_out(token).await
    }
}

/// The player behind `identity` with the nick their key holds, unless a ban applies to the
/// key or the nick (a banned key signs in nowhere).
fn allowed(s: &crate::store::Store, identity: PlayerId) -> Result<Option<SignedIn>, StoreError> {
    let Some(user) = s.users().by_identity(&identity)? else {
        return Ok(None);
    };
    let key = match &identity {
        PlayerId::Key(fp) => Some(fp.as_str()),
        _ => None,
    };
    if s.bans().matching(Some(&user.nick), key, None)?.is_some() {
        return Ok(None);
    }
    Ok(Some(SignedIn {
        identity,
        nick: user.nick,
    }))
}
