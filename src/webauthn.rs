//! Passkeys (WebAuthn level 2), the server's half: checking what a browser's authenticator
//! answered to `navigator.credentials.create` (a registration) and `.get` (a sign-in).
//! Pure: no I/O, nothing of ours; the store keeps challenges and credentials, `web` carries
//! the bytes (`src/web/passkey.rs`).
//!
//! What is checked, in this order (WebAuthn §7.1 and §7.2, the steps a relying party that
//! asks for no attestation needs):
//! - `clientDataJSON`: `type` is `webauthn.create` (registration) or `webauthn.get`
//!   (sign-in); `challenge` (base64url) is the one the server issued for this ceremony (the
//!   caller also takes it from the store, once: see [`client_challenge`]); `origin` is the
//!   site's own, exactly; `crossOrigin` is not true.
//! - authenticator data: its first 32 bytes are SHA-256 of the relying party id (the
//!   site's host); the user-present flag is set; user verification is asked as
//!   "preferred", so its flag is reported, not required.
//! - registration: the attestation object (CBOR `{fmt, attStmt, authData}`) carries
//!   attested credential data; the attestation statement is not checked (the server asks
//!   for `attestation: "none"` and trusts no authenticator maker), so any `fmt` reads as
//!   "none". The credential's public key (COSE) must be ES256: EC2, P-256, alg -7. Other
//!   algorithms are refused (the server offers only -7, which every platform authenticator
//!   supports).
//! - sign-in: the signature (ASN.1 DER ECDSA) over `authenticatorData ||
//!   SHA-256(clientDataJSON)` verifies with the stored key (ring's
//!   `ECDSA_P256_SHA256_ASN1`); the signature counter, when either side is non-zero, has
//!   grown (a counter that did not is a cloned authenticator's sign and refused).
//!
//! CBOR is read by a small reader of our own ([`cbor`]): definite lengths only, at most
//! [`cbor::MAX_DEPTH`] levels and [`cbor::MAX_ITEMS`] items, every length checked against
//! the bytes left, so hostile input costs at most its own length.

use sha2::{Digest, Sha256};

/// COSE algorithm ES256 (ECDSA with SHA-256 on P-256).
pub const ES256: i64 = -7;
/// Flags in authenticator data.
const FLAG_UP: u8 = 0x01;
const FLAG_UV: u8 = 0x04;
const FLAG_AT: u8 = 0x40;
/// The longest credential id WebAuthn allows.
pub const MAX_CREDENTIAL_ID: usize = 1023;

/// What a ceremony must match: the site and the challenge it was given.
#[derive(Clone, Copy, Debug)]
pub struct Expect<'a> {
    /// The relying party id: the site's host (`example.org`, `localhost`).
    pub rp_id: &'a str,
    /// The site's origin, as a browser writes it (`https://example.org`,
    /// `http://localhost:8080`).
    pub origin: &'a str,
    /// The challenge's bytes, as issued.
    pub challenge: &'a [u8],
}

/// A new credential, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewCredential {
    /// The credential id (raw bytes).
    pub id: Vec<u8>,
    /// The public key: an uncompressed P-256 point (`04 || x || y`, 65 bytes).
    pub public_key: Vec<u8>,
    /// COSE algorithm ([`ES256`]).
    pub alg: i64,
    pub sign_count: u32,
    pub user_verified: bool,
}

/// A stored credential, as a sign-in checks it.
#[derive(Clone, Copy, Debug)]
pub struct StoredKey<'a> {
    pub alg: i64,
    pub public_key: &'a [u8],
    pub sign_count: u32,
}

/// A sign-in, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assertion {
    /// The counter to store now.
    pub sign_count: u32,
    pub user_verified: bool,
}

/// Why a ceremony's answer was refused. Says what failed, never the bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Refused {
    /// `clientDataJSON` is not the JSON object it should be.
    ClientData,
    /// Its `type` is not this ceremony's.
    Type,
    /// Its challenge is not the one issued.
    Challenge,
    /// Its origin is not the site's, or it was made in a cross-origin frame.
    Origin,
    /// The authenticator data is too short or malformed, or the attestation object is.
    Malformed,
    /// The data was made for another relying party id.
    RpId,
    /// The user was not present.
    NotPresent,
    /// The registration carries no credential.
    NoCredential,
    /// The credential's key is not ES256 on P-256.
    Algorithm,
    /// The signature does not verify.
    Signature,
    /// The signature counter did not grow: a cloned authenticator.
    Counter,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refused::ClientData => "client data malformed",
            Refused::Type => "wrong ceremony type",
            Refused::Challenge => "wrong challenge",
            Refused::Origin => "wrong origin",
            Refused::Malformed => "authenticator data malformed",
            Refused::RpId => "wrong relying party id",
            Refused::NotPresent => "user not present",
            Refused::NoCredential => "no credential",
            Refused::Algorithm => "unsupported key algorithm",
            Refused::Signature => "bad signature",
            Refused::Counter => "signature counter went back",
        })
    }
}

impl std::error::Error for Refused {}

/// base64url without padding, as WebAuthn writes challenges (and our pages send bytes).
pub fn b64url(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Bytes from base64url (padding tolerated); `None` when it is not.
pub fn from_b64url(text: &str) -> Option<Vec<u8>> {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('='))
        .ok()
}

#[derive(serde::Deserialize)]
struct ClientData {
    #[serde(rename = "type")]
    kind: String,
    challenge: String,
    origin: String,
    #[serde(rename = "crossOrigin", default)]
    cross_origin: bool,
}

fn client_data(json: &[u8]) -> Result<ClientData, Refused> {
    serde_json::from_slice(json).map_err(|_| Refused::ClientData)
}

/// The challenge a `clientDataJSON` answers (its bytes), for the caller to look up and use
/// up before checking the rest.
pub fn client_challenge(client_data_json: &[u8]) -> Result<Vec<u8>, Refused> {
    let c = client_data(client_data_json)?;
    from_b64url(&c.challenge).ok_or(Refused::Challenge)
}

fn check_client_data(expect: &Expect, json: &[u8], kind: &str) -> Result<(), Refused> {
    let c = client_data(json)?;
    if c.kind != kind {
        return Err(Refused::Type);
    }
    // Compared as bytes (an encoding with padding or other letters of the same bytes is the
    // same challenge), and in constant time would not matter: the challenge is no secret.
    if from_b64url(&c.challenge).as_deref() != Some(expect.challenge) {
        return Err(Refused::Challenge);
    }
    if c.origin != expect.origin || c.cross_origin {
        return Err(Refused::Origin);
    }
    Ok(())
}

/// The authenticator data's fixed head: flags and counter, after checking the rp id hash
/// and user presence.
fn check_auth_data(expect: &Expect, data: &[u8]) -> Result<(u8, u32), Refused> {
    if data.len() < 37 {
        return Err(Refused::Malformed);
    }
    let rp: [u8; 32] = Sha256::digest(expect.rp_id.as_bytes()).into();
    if data[..32] != rp {
        return Err(Refused::RpId);
    }
    let flags = data[32];
    if flags & FLAG_UP == 0 {
        return Err(Refused::NotPresent);
    }
    let count = u32::from_be_bytes([data[33], data[34], data[35], data[36]]);
    Ok((flags, count))
}

/// Checks a registration (`navigator.credentials.create`'s `clientDataJSON` and
/// `attestationObject`): the new credential, or why not.
pub fn register(
    expect: &Expect,
    client_data_json: &[u8],
    attestation_object: &[u8],
) -> Result<NewCredential, Refused> {
    check_client_data(expect, client_data_json, "webauthn.create")?;
    let (att, _) = cbor::read(attestation_object).map_err(|_| Refused::Malformed)?;
    let auth_data = att
        .get_text("authData")
        .and_then(cbor::Value::bytes)
        .ok_or(Refused::Malformed)?;
    att.get_text("fmt")
        .and_then(cbor::Value::text)
        .ok_or(Refused::Malformed)?;
    let (flags, sign_count) = check_auth_data(expect, auth_data)?;
    if flags & FLAG_AT == 0 {
        return Err(Refused::NoCredential);
    }
    // aaguid (16), credential id length (2), id, then the COSE key.
    let rest = &auth_data[37..];
    if rest.len() < 18 {
        return Err(Refused::Malformed);
    }
    let len = usize::from(u16::from_be_bytes([rest[16], rest[17]]));
    if len == 0 || len > MAX_CREDENTIAL_ID || rest.len() < 18 + len {
        return Err(Refused::Malformed);
    }
    let id = rest[18..18 + len].to_vec();
    let (key, _extensions) = cbor::read(&rest[18 + len..]).map_err(|_| Refused::Malformed)?;
    let public_key = es256_key(&key)?;
    Ok(NewCredential {
        id,
        public_key,
        alg: ES256,
        sign_count,
        user_verified: flags & FLAG_UV != 0,
    })
}

/// The uncompressed point of a COSE ES256 key: `{1: 2, 3: -7, -1: 1, -2: x, -3: y}`.
fn es256_key(key: &cbor::Value) -> Result<Vec<u8>, Refused> {
    let int = |k: i64| key.get_int(k).and_then(cbor::Value::int);
    if int(1) != Some(2) || int(3) != Some(ES256) || int(-1) != Some(1) {
        return Err(Refused::Algorithm);
    }
    let coord = |k: i64| {
        key.get_int(k)
            .and_then(cbor::Value::bytes)
            .filter(|b| b.len() == 32)
    };
    let (Some(x), Some(y)) = (coord(-2), coord(-3)) else {
        return Err(Refused::Algorithm);
    };
    let mut point = Vec::with_capacity(65);
    point.push(4);
    point.extend_from_slice(x);
    point.extend_from_slice(y);
    Ok(point)
}

/// Checks a sign-in (`navigator.credentials.get`'s `clientDataJSON`, `authenticatorData`
/// and `signature`) against the stored credential: the counter to keep, or why not.
pub fn authenticate(
    expect: &Expect,
    stored: &StoredKey,
    client_data_json: &[u8],
    authenticator_data: &[u8],
    signature: &[u8],
) -> Result<Assertion, Refused> {
    check_client_data(expect, client_data_json, "webauthn.get")?;
    let (flags, count) = check_auth_data(expect, authenticator_data)?;
    if stored.alg != ES256 {
        return Err(Refused::Algorithm);
    }
    let mut signed = Vec::with_capacity(authenticator_data.len() + 32);
    signed.extend_from_slice(authenticator_data);
    signed.extend_from_slice(&Sha256::digest(client_data_json));
    ring::signature::UnparsedPublicKey::new(
        &ring::signature::ECDSA_P256_SHA256_ASN1,
        stored.public_key,
    )
    .verify(&signed, signature)
    .map_err(|_| Refused::Signature)?;
    if (count != 0 || stored.sign_count != 0) && count <= stored.sign_count {
        return Err(Refused::Counter);
    }
    Ok(Assertion {
        sign_count: count,
        user_verified: flags & FLAG_UV != 0,
    })
}

/// A reader of the CBOR that WebAuthn uses (RFC 8949, definite lengths): enough for
/// attestation objects and COSE keys.
pub mod cbor {
    /// Nesting deeper than this is refused.
    pub const MAX_DEPTH: usize = 8;
    /// Items (all levels) in one read beyond this are refused.
    pub const MAX_ITEMS: usize = 512;

    /// One item. Byte and text strings borrow the input.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Value<'a> {
        /// An integer, major types 0 and 1 (within i64; beyond it is refused).
        Int(i64),
        Bytes(&'a [u8]),
        Text(&'a str),
        Array(Vec<Value<'a>>),
        Map(Vec<(Value<'a>, Value<'a>)>),
        Bool(bool),
        Null,
    }

    /// Why bytes are not the CBOR read here.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Malformed;

    impl<'a> Value<'a> {
        pub fn int(&self) -> Option<i64> {
            match self {
                Value::Int(i) => Some(*i),
                _ => None,
            }
        }
        pub fn bytes(&self) -> Option<&'a [u8]> {
            match self {
                Value::Bytes(b) => Some(b),
                _ => None,
            }
        }
        pub fn text(&self) -> Option<&'a str> {
            match self {
                Value::Text(t) => Some(t),
                _ => None,
            }
        }
        /// A map's value under the text key `k`.
        pub fn get_text(&self, k: &str) -> Option<&Value<'a>> {
            match self {
                Value::Map(m) => m
                    .iter()
                    .find(|(key, _)| key.text() == Some(k))
                    .map(|e| &e.1),
                _ => None,
            }
        }
        /// A map's value under the integer key `k`.
        pub fn get_int(&self, k: i64) -> Option<&Value<'a>> {
            match self {
                Value::Map(m) => m.iter().find(|(key, _)| key.int() == Some(k)).map(|e| &e.1),
                _ => None,
            }
        }
    }

    /// Reads one item from the front of `b`: it and the bytes after it.
    pub fn read(b: &[u8]) -> Result<(Value<'_>, &[u8]), Malformed> {
        let mut items = 0;
        item(b, 0, &mut items)
    }

    fn take(b: &[u8], n: usize) -> Result<(&[u8], &[u8]), Malformed> {
        if b.len() < n {
            return Err(Malformed);
        }
        Ok(b.split_at(n))
    }

    /// The argument of a head with additional information `info`.
    fn argument(info: u8, b: &[u8]) -> Result<(u64, &[u8]), Malformed> {
        let n = match info {
            0..=23 => return Ok((u64::from(info), b)),
            24 => 1,
            25 => 2,
            26 => 4,
            27 => 8,
            // 28-30 reserved, 31 indefinite length: not read here.
            _ => return Err(Malformed),
        };
        let (a, rest) = take(b, n)?;
        Ok((
            a.iter().fold(0u64, |acc, x| (acc << 8) | u64::from(*x)),
            rest,
        ))
    }

    fn item<'a>(
        b: &'a [u8],
        depth: usize,
        items: &mut usize,
    ) -> Result<(Value<'a>, &'a [u8]), Malformed> {
        *items += 1;
        if depth > MAX_DEPTH || *items > MAX_ITEMS {
            return Err(Malformed);
        }
        let (&head, rest) = b.split_first().ok_or(Malformed)?;
        let (major, info) = (head >> 5, head & 0x1f);
        if major == 7 {
            return match info {
                20 => Ok((Value::Bool(false), rest)),
                21 => Ok((Value::Bool(true), rest)),
                22 => Ok((Value::Null, rest)),
                _ => Err(Malformed),
            };
        }
        let (arg, rest) = argument(info, rest)?;
        match major {
            0 => Ok((Value::Int(i64::try_from(arg).map_err(|_| Malformed)?), rest)),
            1 => Ok((
                Value::Int(-1 - i64::try_from(arg).map_err(|_| Malformed)?),
                rest,
            )),
            2 | 3 => {
                let n = usize::try_from(arg).map_err(|_| Malformed)?;
                let (s, rest) = take(rest, n)?;
                if major == 2 {
                    Ok((Value::Bytes(s), rest))
                } else {
                    let t = std::str::from_utf8(s).map_err(|_| Malformed)?;
                    Ok((Value::Text(t), rest))
                }
            }
            4 => {
                // Each item takes at least a byte: a count beyond the bytes left is a lie.
                if arg > rest.len() as u64 {
                    return Err(Malformed);
                }
                let mut out = Vec::new();
                let mut rest = rest;
                for _ in 0..arg {
                    let (v, r) = item(rest, depth + 1, items)?;
                    out.push(v);
                    rest = r;
                }
                Ok((Value::Array(out), rest))
            }
            5 => {
                if arg.saturating_mul(2) > rest.len() as u64 {
                    return Err(Malformed);
                }
                let mut out = Vec::new();
                let mut rest = rest;
                for _ in 0..arg {
                    let (k, r) = item(rest, depth + 1, items)?;
                    let (v, r) = item(r, depth + 1, items)?;
                    out.push((k, v));
                    rest = r;
                }
                Ok((Value::Map(out), rest))
            }
            // 6: tags, not used by WebAuthn.
            _ => Err(Malformed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring::rand::SystemRandom;
    use ring::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_ASN1_SIGNING};

    const RP: &str = "localhost";
    const ORIGIN: &str = "http://localhost:8080";

    /// An authenticator of our own: a P-256 key and a counter.
    struct Authenticator {
        key: EcdsaKeyPair,
        rng: SystemRandom,
        count: u32,
        id: Vec<u8>,
    }

    fn cbor_head(major: u8, n: u64, out: &mut Vec<u8>) {
        if n < 24 {
            out.push(major << 5 | n as u8);
        } else if n < 256 {
            out.extend_from_slice(&[major << 5 | 24, n as u8]);
        } else {
            out.push(major << 5 | 25);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
    }
    fn cbor_int(i: i64, out: &mut Vec<u8>) {
        if i >= 0 {
            cbor_head(0, i as u64, out)
        } else {
            cbor_head(1, (-1 - i) as u64, out)
        }
    }
    fn cbor_bytes(b: &[u8], out: &mut Vec<u8>) {
        cbor_head(2, b.len() as u64, out);
        out.extend_from_slice(b);
    }
    fn cbor_text(t: &str, out: &mut Vec<u8>) {
        cbor_head(3, t.len() as u64, out);
        out.extend_from_slice(t.as_bytes());
    }

    impl Authenticator {
        fn new() -> Authenticator {
            let rng = SystemRandom::new();
            let pkcs8 =
                EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &rng).unwrap();
            let key =
                EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &rng)
                    .unwrap();
            Authenticator {
                key,
                rng,
                count: 0,
                id: vec![7; 16],
            }
        }

        fn auth_data(&self, rp: &str, flags: u8, attested: bool) -> Vec<u8> {
            let mut d: Vec<u8> = Sha256::digest(rp.as_bytes()).to_vec();
            d.push(flags | if attested { FLAG_AT } else { 0 });
            d.extend_from_slice(&self.count.to_be_bytes());
            if attested {
                d.extend_from_slice(&[0; 16]);
                d.extend_from_slice(&(self.id.len() as u16).to_be_bytes());
                d.extend_from_slice(&self.id);
                let point = self.key.public_key().as_ref();
                let mut k = Vec::new();
                cbor_head(5, 5, &mut k);
                cbor_int(1, &mut k);
                cbor_int(2, &mut k);
                cbor_int(3, &mut k);
                cbor_int(-7, &mut k);
                cbor_int(-1, &mut k);
                cbor_int(1, &mut k);
                cbor_int(-2, &mut k);
                cbor_bytes(&point[1..33], &mut k);
                cbor_int(-3, &mut k);
                cbor_bytes(&point[33..65], &mut k);
                d.extend_from_slice(&k);
            }
            d
        }

        fn attestation(&self, rp: &str, flags: u8) -> Vec<u8> {
            let mut o = Vec::new();
            cbor_head(5, 3, &mut o);
            cbor_text("fmt", &mut o);
            cbor_text("none", &mut o);
            cbor_text("attStmt", &mut o);
            cbor_head(5, 0, &mut o);
            cbor_text("authData", &mut o);
            cbor_bytes(&self.auth_data(rp, flags, true), &mut o);
            o
        }

        /// Signs a sign-in: (authenticatorData, signature).
        fn sign(&mut self, rp: &str, client_data: &[u8]) -> (Vec<u8>, Vec<u8>) {
            self.count += 1;
            let data = self.auth_data(rp, FLAG_UP | FLAG_UV, false);
            let mut signed = data.clone();
            signed.extend_from_slice(&Sha256::digest(client_data));
            let sig = self.key.sign(&self.rng, &signed).unwrap();
            (data, sig.as_ref().to_vec())
        }
    }

    fn client(kind: &str, challenge: &[u8], origin: &str) -> Vec<u8> {
        serde_json::to_vec(&serde_json::json!({
            "type": kind, "challenge": b64url(challenge), "origin": origin, "crossOrigin": false
        }))
        .unwrap()
    }

    fn expect(challenge: &[u8]) -> Expect<'_> {
        Expect {
            rp_id: RP,
            origin: ORIGIN,
            challenge,
        }
    }

    /// A registration, then a sign-in with its key: the happy path both ways.
    fn registered(a: &Authenticator) -> NewCredential {
        let ch = [1u8; 32];
        register(
            &expect(&ch),
            &client("webauthn.create", &ch, ORIGIN),
            &a.attestation(RP, FLAG_UP | FLAG_UV),
        )
        .unwrap()
    }

    #[test]
    fn a_registration_then_a_sign_in_pass() {
        let mut a = Authenticator::new();
        let cred = registered(&a);
        assert_eq!(cred.id, a.id);
        assert_eq!(cred.public_key, a.key.public_key().as_ref());
        assert!(cred.user_verified);
        let ch = [2u8; 32];
        let cd = client("webauthn.get", &ch, ORIGIN);
        let (data, sig) = a.sign(RP, &cd);
        let stored = StoredKey {
            alg: cred.alg,
            public_key: &cred.public_key,
            sign_count: cred.sign_count,
        };
        let got = authenticate(&expect(&ch), &stored, &cd, &data, &sig).unwrap();
        assert_eq!(got.sign_count, 1);
        assert_eq!(client_challenge(&cd).unwrap(), ch);
    }

    #[test]
    fn a_registration_for_another_challenge_origin_site_or_ceremony_is_refused() {
        let a = Authenticator::new();
        let ch = [1u8; 32];
        let att = a.attestation(RP, FLAG_UP);
        let cases = [
            (
                client("webauthn.create", &[9; 32], ORIGIN),
                Refused::Challenge,
            ),
            (
                client("webauthn.create", &ch, "http://evil.example"),
                Refused::Origin,
            ),
            (
                client("webauthn.create", &ch, "https://localhost:8080"),
                Refused::Origin,
            ),
            (client("webauthn.get", &ch, ORIGIN), Refused::Type),
            (b"{not json".to_vec(), Refused::ClientData),
        ];
        for (cd, why) in cases {
            assert_eq!(register(&expect(&ch), &cd, &att), Err(why));
        }
        let cd = client("webauthn.create", &ch, ORIGIN);
        assert_eq!(
            register(&expect(&ch), &cd, &a.attestation("evil.example", FLAG_UP)),
            Err(Refused::RpId)
        );
        assert_eq!(
            register(&expect(&ch), &cd, &a.attestation(RP, 0)),
            Err(Refused::NotPresent)
        );
        // A cross-origin frame's answer.
        let framed = serde_json::to_vec(&serde_json::json!({
            "type": "webauthn.create", "challenge": b64url(&ch), "origin": ORIGIN, "crossOrigin": true
        }))
        .unwrap();
        assert_eq!(register(&expect(&ch), &framed, &att), Err(Refused::Origin));
        // Cut anywhere, the attestation object is malformed, never a panic.
        for n in 0..att.len() {
            assert!(
                register(&expect(&ch), &cd, &att[..n]).is_err(),
                "cut at {n}"
            );
        }
    }

    #[test]
    fn a_forged_or_replayed_sign_in_is_refused() {
        let mut a = Authenticator::new();
        let cred = registered(&a);
        let stored = StoredKey {
            alg: cred.alg,
            public_key: &cred.public_key,
            sign_count: 0,
        };
        let ch = [3u8; 32];
        // Signed for another challenge, origin or site.
        let other = client("webauthn.get", &[4; 32], ORIGIN);
        let (d, s) = a.sign(RP, &other);
        assert_eq!(
            authenticate(&expect(&ch), &stored, &other, &d, &s),
            Err(Refused::Challenge)
        );
        let evil = client("webauthn.get", &ch, "http://evil.example");
        let (d, s) = a.sign(RP, &evil);
        assert_eq!(
            authenticate(&expect(&ch), &stored, &evil, &d, &s),
            Err(Refused::Origin)
        );
        let cd = client("webauthn.get", &ch, ORIGIN);
        let (d, s) = a.sign("evil.example", &cd);
        assert_eq!(
            authenticate(&expect(&ch), &stored, &cd, &d, &s),
            Err(Refused::RpId)
        );
        // Client data changed after signing (its challenge swapped for the expected one).
        let (d, s) = a.sign(RP, &other);
        assert_eq!(
            authenticate(&expect(&ch), &stored, &cd, &d, &s),
            Err(Refused::Signature)
        );
        // Another key's signature.
        let mut b = Authenticator::new();
        let (d, s) = b.sign(RP, &cd);
        assert_eq!(
            authenticate(&expect(&ch), &stored, &cd, &d, &s),
            Err(Refused::Signature)
        );
        // A good one, then the same answer again against the counter it left.
        let (d, s) = a.sign(RP, &cd);
        let ok = authenticate(&expect(&ch), &stored, &cd, &d, &s).unwrap();
        let after = StoredKey {
            sign_count: ok.sign_count,
            ..stored
        };
        assert_eq!(
            authenticate(&expect(&ch), &after, &cd, &d, &s),
            Err(Refused::Counter)
        );
        // Flipped bits in the signature.
        let (d, mut s) = a.sign(RP, &cd);
        s[10] ^= 1;
        assert_eq!(
            authenticate(&expect(&ch), &stored, &cd, &d, &s),
            Err(Refused::Signature)
        );
    }

    #[test]
    fn cbor_refuses_lies_and_depth() {
        // An array claiming a billion items in three bytes.
        assert!(cbor::read(&[0x9a, 0x3b, 0x9a, 0xca, 0x00]).is_err());
        // A byte string longer than the input.
        assert!(cbor::read(&[0x58, 0xff, 1, 2]).is_err());
        // Indefinite lengths, tags, reserved.
        for b in [[0x5f], [0xc0], [0x1c]] {
            assert!(cbor::read(&b).is_err());
        }
        // Nested deeper than allowed.
        let deep = vec![0x81; cbor::MAX_DEPTH + 2];
        assert!(cbor::read(&[deep, vec![0]].concat()).is_err());
        let (v, rest) = cbor::read(&[0xa1, 0x20, 0x43, 1, 2, 3, 0xff]).unwrap();
        assert_eq!(
            v.get_int(-1).and_then(cbor::Value::bytes),
            Some(&[1, 2, 3][..])
        );
        assert_eq!(rest, &[0xff]);
    }
}
