//! Browser sign-ins of key holders (`ssh host web-login`, `ssh host web-sessions`, the web's
//! `/login/CODE` and sign-out): the store's [`WebLogins`] off the runtime, with bans and
//! nicks applied as on SSH.
//!
//! [`WebLogins`]: crate::store::WebLogins

use serde::{Deserialize, Serialize};

use super::remote::{Call, WireError};
use super::Service;
use crate::proto::{Notice, PlayerId};
use crate::store::{Ceremony, Passkey, StoreError, WebSession};

/// How long a browser stays signed in (the cookie's `Max-Age` too).
pub const WEB_SESSION_SECS: u64 = crate::store::SESSION_SECS;

/// How long a browser guest unseen is kept (the guest cookie's `Max-Age` too).
pub const WEB_GUEST_SECS: u64 = crate::store::GUEST_SECS;

/// Who a browser is signed in as.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedIn {
    pub identity: PlayerId,
    pub nick: String,
}

impl Service {
    /// A one-time sign-in code for a key holder (flushed).
    pub async fn web_link(&self, identity: &PlayerId) -> Result<String, StoreError> {
        if let Some(a) = self.remote(WebCall::Link(identity.clone()).into()).await {
            return a.map_err(Into::into);
        }
        self.store.web().issue_link(identity).await
    }

    /// Uses a code: the new session's token and who it is; `None` for a code unknown, used
    /// or expired, or a player banned since.
    pub async fn web_redeem(
        &self,
        code: &str,
        agent: &str,
    ) -> Result<Option<(String, SignedIn)>, StoreError> {
        let call = WebCall::Redeem {
            code: code.into(),
            agent: agent.into(),
        };
        if let Some(a) = self.remote(call.into()).await {
            return a.map_err(Into::into);
        }
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
        if let Some(a) = self.remote(WebCall::SignedIn(token.into()).into()).await {
            return a.map_err(Into::into);
        }
        let token = token.to_string();
        self.blocking(move |s| match s.web().session(&token)? {
            Some(session) => allowed(s, session.identity),
            None => Ok(None),
        })
        .await
    }

    /// A player's browser sessions, oldest first.
    pub async fn web_sessions(&self, identity: &PlayerId) -> Result<Vec<WebSession>, StoreError> {
        if let Some(a) = self
            .remote(WebCall::Sessions(identity.clone()).into())
            .await
        {
            return a.map_err(Into::into);
        }
        let identity = identity.clone();
        self.blocking(move |s| s.web().list(&identity)).await
    }

    /// Ends the `which`-th (1-based) of a player's sessions, or all; how many ended.
    pub async fn end_web_sessions(
        &self,
        identity: &PlayerId,
        which: Option<usize>,
    ) -> Result<usize, StoreError> {
        let call = WebCall::EndSessions {
            identity: identity.clone(),
            which,
        };
        if let Some(a) = self.remote(call.into()).await {
            return a.map_err(Into::into);
        }
        self.store.web().end(identity, which).await
    }

    /// Signs one browser out; whether it was signed in.
    pub async fn web_sign_out(&self, token: &str) -> Result<bool, StoreError> {
        if let Some(a) = self.remote(WebCall::SignOut(token.into()).into()).await {
            return a.map_err(Into::into);
        }
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

/// The site a passkey ceremony is for: the browser's origin and the relying party id.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Site {
    /// `https://example.org`, `http://localhost:8080`.
    pub origin: String,
    /// The host: `example.org`, `localhost`.
    pub rp_id: String,
}

/// What a browser is asked to make or use a passkey with (the fields of
/// `PublicKeyCredentialCreationOptions`/`RequestOptions` the page fills from it).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Challenge {
    pub challenge: Vec<u8>,
    /// For a registration: the account's opaque user handle and its nick.
    pub user: Option<(Vec<u8>, String)>,
    /// Credentials the account holds already (not to be made twice on one authenticator).
    pub exclude: Vec<Vec<u8>>,
}

/// Why a passkey ceremony did not sign anyone in or add a passkey.
#[derive(Clone, Debug, PartialEq)]
pub enum PasskeyError {
    /// The nick cannot be had (the same words as SSH's claim).
    Nick(Notice),
    /// The ceremony is unknown, used or expired: begin again.
    Expired,
    /// The authenticator's answer did not pass (see [`crate::webauthn`]).
    Refused(crate::webauthn::Refused),
    /// No account holds this passkey.
    UnknownPasskey,
    /// The account may not sign in (a ban), or the browser is not signed in as it.
    NotAllowed,
    /// Too many accounts from this address block this hour, or passkeys on the account.
    TooMany,
    Store(StoreError),
}

impl From<StoreError> for PasskeyError {
    fn from(e: StoreError) -> Self {
        PasskeyError::Store(e)
    }
}

impl PasskeyError {
    /// What the player reads.
    pub fn notice(&self) -> Notice {
        match self {
            PasskeyError::Nick(n) => n.clone(),
            PasskeyError::Expired => Notice::new("web-passkey-expired"),
            PasskeyError::Refused(_) => Notice::new("web-passkey-refused"),
            PasskeyError::UnknownPasskey => Notice::new("web-passkey-unknown"),
            PasskeyError::NotAllowed => Notice::new("web-passkey-not-allowed"),
            PasskeyError::TooMany => Notice::new("web-passkey-too-many"),
            PasskeyError::Store(e) => Notice::new("exec-web-failed").arg("error", e.to_string()),
        }
    }
}

/// A passkey's user handle for an account: 16 bytes of SHA-256 of its identity (stable,
/// and no fingerprint shown to the authenticator).
fn user_handle(identity: &PlayerId) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    Sha256::digest(identity.to_string().as_bytes())[..16].to_vec()
}

/// What a key's one-time link does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LinkFor {
    /// Signs a browser in as this account.
    SignIn(SignedIn),
    /// Links this key, which holds no account, to the account the browser is signed in as.
    LinkKey(PlayerId),
}

impl Service {
    /// Whether `asked` may be a new account's nick: the cleaned nick, or the words SSH's
    /// claim and rename use to refuse it (not a nick, looks like another's, taken).
    async fn free_nick(&self, asked: &str) -> Result<String, PasskeyError> {
        let nick = crate::text::clean_nick(asked).map_err(|e| {
            PasskeyError::Nick(
                Notice::new("refusal-rename-bad-nick")
                    .arg("asked", crate::text::clean_line(asked, 20))
                    .arg("why", super::accounts::nick_error(&e)),
            )
        })?;
        let name = nick.clone();
        let nobody = PlayerId::Account("-".into());
        let (taken, like) = self
            .blocking(move |s| {
                Ok((
                    s.users().by_nick(&name)?.is_some(),
                    s.users().look_alike(&name, &nobody)?,
                ))
            })
            .await?;
        if taken {
            return Err(PasskeyError::Nick(
                Notice::new("refusal-nick-taken").arg("nick", &nick),
            ));
        }
        if let Some(other) = like {
            return Err(PasskeyError::Nick(
                Notice::new("refusal-rename-look-alike")
                    .arg("nick", &nick)
                    .arg("other", other),
            ));
        }
        Ok(nick)
    }

    /// Begins a passkey's registration: for the account `me` is signed in as (a passkey
    /// more), else for a new account named `nick` (refused at once when it cannot be had).
    pub async fn passkey_register_begin(
        &self,
        nick: &str,
        me: Option<&SignedIn>,
    ) -> Result<Challenge, PasskeyError> {
        let call = WebCall::RegisterBegin {
            nick: nick.into(),
            me: me.cloned(),
        };
        if let Some(a) = self.remote(call.into()).await {
            return passkey_answer(a);
        }
        let (ceremony, identity, nick) = match me {
            Some(me) => (
                Ceremony::Add {
                    identity: me.identity.clone(),
                },
                me.identity.clone(),
                me.nick.clone(),
            ),
            None => {
                let nick = self.free_nick(nick).await?;
                let identity = crate::store::WebLogins::new_account();
                let c = Ceremony::Register {
                    nick: nick.clone(),
                    identity: identity.clone(),
                };
                (c, identity, nick)
            }
        };
        let challenge = self.store.web().begin(ceremony).await?;
        let who = identity.clone();
        let exclude = self
            .blocking(move |s| Ok(s.web().passkeys(&who)?.into_iter().map(|p| p.id).collect()))
            .await?;
        Ok(Challenge {
            challenge,
            user: Some((user_handle(&identity), nick)),
            exclude,
        })
    }

    /// Finishes a registration: a new account (its nick claimed now) or a passkey more for
    /// the signed-in one; then a session for the browser (`None` when it was signed in
    /// already) and who it is.
    #[allow(clippy::too_many_arguments)]
    pub async fn passkey_register_finish(
        &self,
        site: &Site,
        client_data: &[u8],
        attestation: &[u8],
        me: Option<&SignedIn>,
        addr: std::net::IpAddr,
        agent: &str,
    ) -> Result<(Option<String>, SignedIn), PasskeyError> {
        let call = WebCall::RegisterFinish {
            site: site.clone(),
            client_data: client_data.to_vec(),
            attestation: attestation.to_vec(),
            me: me.cloned(),
            addr,
            agent: agent.into(),
        };
        if let Some(a) = self.remote(call.into()).await {
            return passkey_answer(a);
        }
        let challenge =
            crate::webauthn::client_challenge(client_data).map_err(PasskeyError::Refused)?;
        let ceremony = self
            .store
            .web()
            .take_ceremony(&challenge)
            .await?
            .ok_or(PasskeyError::Expired)?;
        let expect = crate::webauthn::Expect {
            rp_id: &site.rp_id,
            origin: &site.origin,
            challenge: &challenge,
        };
        let cred = crate::webauthn::register(&expect, client_data, attestation)
            .map_err(PasskeyError::Refused)?;
        let key = |identity: &PlayerId| Passkey {
            identity: identity.clone(),
            id: cred.id.clone(),
            alg: cred.alg,
            public_key: cred.public_key.clone(),
            sign_count: cred.sign_count,
            created: 0,
        };
        match ceremony {
            Ceremony::Add { identity } => {
                let Some(me) = me.filter(|m| m.identity == identity) else {
                    return Err(PasskeyError::NotAllowed);
                };
                if !self.store.web().add_passkey(key(&identity)).await? {
                    return Err(PasskeyError::TooMany);
                }
                tracing::info!(nick = %me.nick, "web: a passkey added to an account");
                Ok((None, me.clone()))
            }
            Ceremony::Register { nick, identity } => {
                if me.is_some() {
                    return Err(PasskeyError::NotAllowed);
                }
                if !self
                    .registrations
                    .take(Some(addr), std::time::Instant::now())
                {
                    return Err(PasskeyError::TooMany);
                }
                let claimed = self.store.users().claim_nick(&nick, &identity).await;
                match claimed {
                    Ok(crate::store::ClaimResult::Granted) => {}
                    Ok(_) => {
                        self.registrations.give_back(Some(addr));
                        return Err(PasskeyError::Nick(
                            Notice::new("refusal-nick-taken").arg("nick", &nick),
                        ));
                    }
                    Err(e) => {
                        self.registrations.give_back(Some(addr));
                        return Err(e.into());
                    }
                }
                if !self.store.web().add_passkey(key(&identity)).await? {
                    return Err(PasskeyError::TooMany);
                }
                let token = self.store.web().open_session(&identity, agent).await?;
                tracing::info!(nick = %nick, "web: an account made with a passkey");
                Ok((Some(token), SignedIn { identity, nick }))
            }
            Ceremony::SignIn => Err(PasskeyError::Expired),
        }
    }

    /// Begins a sign-in by passkey (any of the site's: the authenticator offers its own).
    pub async fn passkey_sign_in_begin(&self) -> Result<Challenge, PasskeyError> {
        if let Some(a) = self.remote(WebCall::SignInBegin.into()).await {
            return passkey_answer(a);
        }
        let challenge = self.store.web().begin(Ceremony::SignIn).await?;
        Ok(Challenge {
            challenge,
            user: None,
            exclude: vec![],
        })
    }

    /// Finishes a sign-in: the new session's token and who it is.
    #[allow(clippy::too_many_arguments)]
    pub async fn passkey_sign_in_finish(
        &self,
        site: &Site,
        credential_id: &[u8],
        client_data: &[u8],
        authenticator_data: &[u8],
        signature: &[u8],
        agent: &str,
    ) -> Result<(String, SignedIn), PasskeyError> {
        let call = WebCall::SignInFinish {
            site: site.clone(),
            credential_id: credential_id.to_vec(),
            client_data: client_data.to_vec(),
            authenticator_data: authenticator_data.to_vec(),
            signature: signature.to_vec(),
            agent: agent.into(),
        };
        if let Some(a) = self.remote(call.into()).await {
            return passkey_answer(a);
        }
        let challenge =
            crate::webauthn::client_challenge(client_data).map_err(PasskeyError::Refused)?;
        let ceremony = self.store.web().take_ceremony(&challenge).await?;
        if ceremony != Some(Ceremony::SignIn) {
            return Err(PasskeyError::Expired);
        }
        let id = credential_id.to_vec();
        let stored = self
            .blocking(move |s| s.web().passkey(&id))
            .await?
            .ok_or(PasskeyError::UnknownPasskey)?;
        let expect = crate::webauthn::Expect {
            rp_id: &site.rp_id,
            origin: &site.origin,
            challenge: &challenge,
        };
        let key = crate::webauthn::StoredKey {
            alg: stored.alg,
            public_key: &stored.public_key,
            sign_count: stored.sign_count,
        };
        let done = crate::webauthn::authenticate(
            &expect,
            &key,
            client_data,
            authenticator_data,
            signature,
        )
        .map_err(PasskeyError::Refused)?;
        self.store
            .web()
            .used_passkey(credential_id, done.sign_count)
            .await?;
        let identity = stored.identity.clone();
        let who = self
            .blocking(move |s| allowed(s, identity))
            .await?
            .ok_or(PasskeyError::NotAllowed)?;
        let token = self.store.web().open_session(&who.identity, agent).await?;
        tracing::info!(nick = %who.nick, "web: a browser signed in with a passkey");
        Ok((token, who))
    }

    /// What a one-time link does, while it works: sign a browser in as an account, or link
    /// a key that holds none (`None`: neither, or a banned player).
    pub async fn web_link_does(&self, code: &str) -> Result<Option<LinkFor>, StoreError> {
        if let Some(a) = self.remote(WebCall::LinkDoes(code.into()).into()).await {
            return a.map_err(Into::into);
        }
        let code = code.to_string();
        self.blocking(move |s| {
            let Some(identity) = s.web().peek(&code)? else {
                return Ok(None);
            };
            if identity.is_key()
                && s.users().by_identity(&identity)?.is_none()
                && s.web().account_of_key(&identity)?.is_none()
            {
                return Ok(Some(LinkFor::LinkKey(identity)));
            }
            Ok(allowed(s, identity)?.map(LinkFor::SignIn))
        })
        .await
    }

    /// Uses a key's link to link that key to the account `me` is signed in as; whether it
    /// was linked (`false`: the link is gone, or not a bare key's).
    pub async fn web_link_key(&self, code: &str, me: &SignedIn) -> Result<bool, StoreError> {
        let call = WebCall::LinkKey {
            code: code.into(),
            me: me.clone(),
        };
        if let Some(a) = self.remote(call.into()).await {
            return a.map_err(Into::into);
        }
        if !matches!(self.web_link_does(code).await?, Some(LinkFor::LinkKey(_))) {
            return Ok(false);
        }
        let Some(key) = self.store.web().take_link(code).await? else {
            return Ok(false);
        };
        let linked = self.store.web().link_key(&key, &me.identity).await?;
        if linked {
            tracing::info!(nick = %me.nick, "web: a key linked to an account");
        }
        Ok(linked)
    }

    /// How many passkeys sign in to an account.
    pub async fn passkey_count(&self, identity: &PlayerId) -> Result<usize, StoreError> {
        if let Some(a) = self
            .remote(WebCall::PasskeyCount(identity.clone()).into())
            .await
        {
            return a.map_err(Into::into);
        }
        let identity = identity.clone();
        self.blocking(move |s| Ok(s.web().passkeys(&identity)?.len()))
            .await
    }

    /// A new browser guest's cookie token (`None`: the server keeps all it can).
    pub async fn web_open_guest(&self) -> Result<Option<String>, StoreError> {
        if let Some(a) = self.remote(WebCall::OpenGuest.into()).await {
            return a.map_err(Into::into);
        }
        self.store.web().open_guest().await
    }

    /// Whether a browser guest's token is kept (and it is kept longer from now).
    pub async fn web_guest(&self, token: &str) -> Result<bool, StoreError> {
        if let Some(a) = self.remote(WebCall::Guest(token.into()).into()).await {
            return a.map_err(Into::into);
        }
        let token = token.to_string();
        self.blocking(move |s| s.web().guest(&token)).await
    }
}

// ---------------------------------------------------------------------------------------
// On a split server (issue 46, docs/scaling.md) the web's accounts, sessions, passkeys and
// browser guests are the core's: an edge's methods above send a `WebCall` to the core,
// which answers it with the same methods on its store. A browser signed in through one edge
// is signed in on every edge.

/// A call of the web's sign-in from an edge to the core (inside [`Call::Web`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum WebCall {
    Link(PlayerId),
    Redeem {
        code: String,
        agent: String,
    },
    SignedIn(String),
    Sessions(PlayerId),
    EndSessions {
        identity: PlayerId,
        which: Option<usize>,
    },
    SignOut(String),
    RegisterBegin {
        nick: String,
        me: Option<SignedIn>,
    },
    RegisterFinish {
        site: Site,
        client_data: Vec<u8>,
        attestation: Vec<u8>,
        me: Option<SignedIn>,
        /// The browser's address (the core counts new accounts per address block).
        addr: std::net::IpAddr,
        agent: String,
    },
    SignInBegin,
    SignInFinish {
        site: Site,
        credential_id: Vec<u8>,
        client_data: Vec<u8>,
        authenticator_data: Vec<u8>,
        signature: Vec<u8>,
        agent: String,
    },
    LinkDoes(String),
    LinkKey {
        code: String,
        me: SignedIn,
    },
    PasskeyCount(PlayerId),
    OpenGuest,
    Guest(String),
}

impl From<WebCall> for Call {
    fn from(c: WebCall) -> Call {
        Call::Web(c)
    }
}

impl WebCall {
    /// The call's name for the log (never its codes, tokens or keys).
    pub fn name(&self) -> &'static str {
        match self {
            WebCall::Link(_) => "web_link",
            WebCall::Redeem { .. } => "web_redeem",
            WebCall::SignedIn(_) => "web_signed_in",
            WebCall::Sessions(_) => "web_sessions",
            WebCall::EndSessions { .. } => "end_web_sessions",
            WebCall::SignOut(_) => "web_sign_out",
            WebCall::RegisterBegin { .. } => "passkey_register_begin",
            WebCall::RegisterFinish { .. } => "passkey_register_finish",
            WebCall::SignInBegin => "passkey_sign_in_begin",
            WebCall::SignInFinish { .. } => "passkey_sign_in_finish",
            WebCall::LinkDoes(_) => "web_link_does",
            WebCall::LinkKey { .. } => "web_link_key",
            WebCall::PasskeyCount(_) => "passkey_count",
            WebCall::OpenGuest => "web_open_guest",
            WebCall::Guest(_) => "web_guest",
        }
    }
}

/// A [`PasskeyError`] as it crosses (the store's error as text).
#[derive(Clone, Debug, Serialize, Deserialize)]
enum WirePasskey {
    Nick(Notice),
    Expired,
    Refused(crate::webauthn::Refused),
    UnknownPasskey,
    NotAllowed,
    TooMany,
    Store(String),
}

impl From<PasskeyError> for WirePasskey {
    fn from(e: PasskeyError) -> Self {
        match e {
            PasskeyError::Nick(n) => WirePasskey::Nick(n),
            PasskeyError::Expired => WirePasskey::Expired,
            PasskeyError::Refused(r) => WirePasskey::Refused(r),
            PasskeyError::UnknownPasskey => WirePasskey::UnknownPasskey,
            PasskeyError::NotAllowed => WirePasskey::NotAllowed,
            PasskeyError::TooMany => WirePasskey::TooMany,
            PasskeyError::Store(e) => WirePasskey::Store(e.to_string()),
        }
    }
}

impl From<WirePasskey> for PasskeyError {
    fn from(e: WirePasskey) -> Self {
        match e {
            WirePasskey::Nick(n) => PasskeyError::Nick(n),
            WirePasskey::Expired => PasskeyError::Expired,
            WirePasskey::Refused(r) => PasskeyError::Refused(r),
            WirePasskey::UnknownPasskey => PasskeyError::UnknownPasskey,
            WirePasskey::NotAllowed => PasskeyError::NotAllowed,
            WirePasskey::TooMany => PasskeyError::TooMany,
            WirePasskey::Store(s) => PasskeyError::Store(StoreError::Invalid(s)),
        }
    }
}

/// A passkey method's answer from the core: its result, or the bus's error as the store's.
fn passkey_answer<T>(a: Result<Result<T, WirePasskey>, WireError>) -> Result<T, PasskeyError> {
    match a {
        Ok(r) => r.map_err(Into::into),
        Err(e) => Err(PasskeyError::Store(e.into())),
    }
}

impl Service {
    /// The core's side of a [`WebCall`]: the method on this (the core's) store.
    pub(super) async fn answer_web(&self, call: WebCall) -> serde_json::Value {
        fn res<T: Serialize>(r: Result<T, StoreError>) -> serde_json::Value {
            super::remote::json(&r.map_err(WireError::from))
        }
        fn pk<T: Serialize>(r: Result<T, PasskeyError>) -> serde_json::Value {
            super::remote::json(&Ok::<_, WireError>(r.map_err(WirePasskey::from)))
        }
        match call {
            WebCall::Link(id) => res(self.web_link(&id).await),
            WebCall::Redeem { code, agent } => res(self.web_redeem(&code, &agent).await),
            WebCall::SignedIn(token) => res(self.web_signed_in(&token).await),
            WebCall::Sessions(id) => res(self.web_sessions(&id).await),
            WebCall::EndSessions { identity, which } => {
                res(self.end_web_sessions(&identity, which).await)
            }
            WebCall::SignOut(token) => res(self.web_sign_out(&token).await),
            WebCall::RegisterBegin { nick, me } => {
                pk(self.passkey_register_begin(&nick, me.as_ref()).await)
            }
            WebCall::RegisterFinish {
                site,
                client_data,
                attestation,
                me,
                addr,
                agent,
            } => pk(self
                .passkey_register_finish(
                    &site,
                    &client_data,
                    &attestation,
                    me.as_ref(),
                    addr,
                    &agent,
                )
                .await),
            WebCall::SignInBegin => pk(self.passkey_sign_in_begin().await),
            WebCall::SignInFinish {
                site,
                credential_id,
                client_data,
                authenticator_data,
                signature,
                agent,
            } => pk(self
                .passkey_sign_in_finish(
                    &site,
                    &credential_id,
                    &client_data,
                    &authenticator_data,
                    &signature,
                    &agent,
                )
                .await),
            WebCall::LinkDoes(code) => res(self.web_link_does(&code).await),
            WebCall::LinkKey { code, me } => res(self.web_link_key(&code, &me).await),
            WebCall::PasskeyCount(id) => res(self.passkey_count(&id).await),
            WebCall::OpenGuest => res(self.web_open_guest().await),
            WebCall::Guest(token) => res(self.web_guest(&token).await),
        }
    }
}
