// Passkeys (/account): makes an account with a passkey, signs in with one, adds one to the
// account this browser is signed in as. The server runs the ceremonies (docs/web.md):
// /passkey/register/begin|finish and /passkey/sign-in/begin|finish, JSON both ways, bytes
// as base64url. Every word shown comes from the page's data-words (the catalogs, in the
// page's language) or from the server's refusal, already in it.
const root = document.getElementById("account");
const W = JSON.parse(root.dataset.words);
const status = document.getElementById("passkey-status");

function say(text) {
  status.textContent = text;
}

function b64(buf) {
  let s = "";
  for (const b of new Uint8Array(buf)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64(text) {
  const s = text.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(s + "=".repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

// A POST of JSON to the server; its answer, or an Error with the server's words.
async function post(path, body) {
  const r = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}),
    credentials: "same-origin",
  });
  let j = {};
  try {
    j = await r.json();
  } catch (_) {
    j = {};
  }
  if (!r.ok) throw new Error(j.error || W.refused);
  return j;
}

// What went wrong, in words: the server's refusal, or the browser's (the player closed
// the passkey dialog, or no passkey was there).
function trouble(e) {
  if (e && (e.name === "NotAllowedError" || e.name === "AbortError")) say(W.cancelled);
  else if (e && e.name && e.name !== "Error") say(W.refused);
  else say((e && e.message) || W.refused);
}

function supported() {
  if (window.PublicKeyCredential && navigator.credentials && window.isSecureContext) return true;
  say(W.unsupported);
  return false;
}

// Makes a passkey for the account `nick` would name (a new one), or for the account this
// browser is signed in as (nick not read). The server's answer: {nick}.
async function register(nick) {
  const o = await post("/passkey/register/begin", { nick });
  const cred = await navigator.credentials.create({
    publicKey: {
      challenge: unb64(o.challenge),
      rp: { id: o.rpId, name: o.rpName },
      user: { id: unb64(o.user.id), name: o.user.name, displayName: o.user.name },
      pubKeyCredParams: [{ type: "public-key", alg: -7 }],
      authenticatorSelection: {
        residentKey: "required",
        requireResidentKey: true,
        userVerification: "preferred",
      },
      excludeCredentials: o.exclude.map((id) => ({ type: "public-key", id: unb64(id) })),
      attestation: "none",
      timeout: 120000,
    },
  });
  return post("/passkey/register/finish", {
    clientData: b64(cred.response.clientDataJSON),
    attestation: b64(cred.response.attestationObject),
  });
}

async function signIn() {
  const o = await post("/passkey/sign-in/begin", {});
  const a = await navigator.credentials.get({
    publicKey: {
      challenge: unb64(o.challenge),
      rpId: o.rpId,
      userVerification: "preferred",
      timeout: 120000,
    },
  });
  return post("/passkey/sign-in/finish", {
    id: b64(a.rawId),
    clientData: b64(a.response.clientDataJSON),
    authData: b64(a.response.authenticatorData),
    signature: b64(a.response.signature),
  });
}

const form = document.getElementById("passkey-register");
if (form) {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!supported()) return;
    say(W.working);
    try {
      await register(document.getElementById("passkey-nick").value);
      location.assign(root.dataset.play);
    } catch (e) {
      trouble(e);
    }
  });
}

const signInButton = document.getElementById("passkey-sign-in");
if (signInButton) {
  signInButton.addEventListener("click", async () => {
    if (!supported()) return;
    say(W.working);
    try {
      await signIn();
      location.assign(root.dataset.play);
    } catch (e) {
      trouble(e);
    }
  });
}

const addButton = document.getElementById("passkey-add");
if (addButton) {
  addButton.addEventListener("click", async () => {
    if (!supported()) return;
    say(W.working);
    try {
      await register("");
      say(W.added);
    } catch (e) {
      trouble(e);
    }
  });
}
