//! Saved set-ups: named armies a registered player keeps for later games.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `setups` | len-prefixed identity + variant byte + name | [`SavedSetup`] and when it was saved (`SetupV1`) |
//!
//! The API speaks [`SavedSetup`] (`proto`'s, the one the lobby and the screens use); the
//! stored record also keeps the time it was saved. At most [`MAX_SETUPS`] per identity;
//! guests cannot save.
//!
//! Flushes: [`Setups::save`], [`Setups::delete`] (both `async`, off the runtime). Reads
//! never do.

use super::records::*;
use super::{identity_key, now, registrable_key, Store, StoreError};
use crate::proto::{PlayerId, SavedSetup};
use crate::rules::Variant;

/// Saved set-ups per identity (all variants together).
pub const MAX_SETUPS: usize = 50;

const MAX_SETUP_NAME_BYTES: usize = 64;

/// Saved set-ups: `store.setups()`. Cheap to clone.
#[derive(Clone)]
pub struct Setups {
    store: Store,
}

impl Setups {
    pub(super) fn new(store: Store) -> Setups {
        Setups { store }
    }

    /// Saves (or replaces) a set-up under its name (trimmed) for its variant. At most
    /// [`MAX_SETUPS`] per identity; guests cannot save. Flushed before returning, off the
    /// runtime.
    pub async fn save(&self, identity: &PlayerId, saved: &SavedSetup) -> Result<(), StoreError> {
        let (this, identity, saved) = (self.clone(), identity.clone(), saved.clone());
        self.store
            .durable(move || this.save_blocking(&identity, saved))
            .await
    }

    fn save_blocking(&self, identity: &PlayerId, saved: SavedSetup) -> Result<(), StoreError> {
        let identity = &registrable_key(identity)?;
        let name = saved.name.trim();
        if name.is_empty() || name.len() > MAX_SETUP_NAME_BYTES {
            return Err(StoreError::Invalid(format!(
                "a set-up name has 1 to {MAX_SETUP_NAME_BYTES} characters"
            )));
        }
        let key = setup_key(identity, saved.variant, name);
        let _g = self.store.writing();
        let t = self.store.t();
        if !t.setups.contains_key(&key)?
            && t.setups.scan_prefix(setup_prefix(identity)).count() >= MAX_SETUPS
        {
            return Err(StoreError::TooManySetups { limit: MAX_SETUPS });
        }
        let s = SetupV1 {
            v: SetupV1::VERSION,
            name: name.to_string(),
            variant: saved.variant,
            setup: saved.setup,
            saved: now(),
        };
        t.setups.insert(key, encode(&s))?;
        Ok(())
    }

    /// An identity's saved set-ups, of one variant or all, sorted by variant then name.
    pub fn list(
        &self,
        identity: &PlayerId,
        variant: Option<Variant>,
    ) -> Result<Vec<SavedSetup>, StoreError> {
        let mut prefix = setup_prefix(&identity_key(identity)?);
        if let Some(v) = variant {
            prefix.push(variant_byte(v));
        }
        let mut out = Vec::new();
        for kv in self.store.t().setups.scan_prefix(prefix) {
            let (_, v) = kv?;
            let s: SetupV1 = decode(&v)?;
            out.push(SavedSetup {
                name: s.name,
                variant: s.variant,
                setup: s.setup,
            });
        }
        Ok(out)
    }

    /// Deletes a saved set-up; returns whether it existed. Flushed before returning, off
    /// the runtime.
    pub async fn delete(
        &self,
        identity: &PlayerId,
        name: &str,
        variant: Variant,
    ) -> Result<bool, StoreError> {
        let key = setup_key(&identity_key(identity)?, variant, name.trim());
        let store = self.store.clone();
        self.store
            .durable(move || {
                let _g = store.writing();
                let existed = store.t().setups.remove(key)?.is_some();
                Ok(existed)
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An identity written as the store writes it.
    fn id(s: &str) -> PlayerId {
        s.parse().unwrap()
    }
    use crate::rules::{Color, Setup};

    #[tokio::test]
    async fn setups_cap_and_delete() {
        let s = Store::temporary().unwrap();
        let rules = crate::rules::Rules::standard(Variant::Barrage);
        let setup = Setup::random(&rules, Color::Red, 1);
        let saved = |name: &str, variant| SavedSetup {
            name: name.to_string(),
            variant,
            setup: setup.clone(),
        };
        let set = s.setups();
        for i in 0..MAX_SETUPS {
            set.save(&id("key:x"), &saved(&format!("s{i}"), Variant::Barrage))
                .await
                .unwrap();
        }
        // Replacing one is fine at the cap; a new one is not.
        set.save(&id("key:x"), &saved("s3", Variant::Barrage))
            .await
            .unwrap();
        assert_eq!(
            set.save(&id("key:x"), &saved("new", Variant::Duel)).await,
            Err(StoreError::TooManySetups { limit: MAX_SETUPS })
        );
        assert_eq!(set.list(&id("key:x"), None).unwrap().len(), MAX_SETUPS);
        assert_eq!(
            set.list(&id("key:x"), Some(Variant::Duel)).unwrap().len(),
            0
        );
        assert!(set
            .delete(&id("key:x"), "s3", Variant::Barrage)
            .await
            .unwrap());
        assert!(!set
            .delete(&id("key:x"), "s3", Variant::Barrage)
            .await
            .unwrap());
        set.save(&id("key:x"), &saved("new", Variant::Duel))
            .await
            .unwrap();
        assert_eq!(
            set.list(&id("key:x"), Some(Variant::Duel)).unwrap()[0].setup,
            setup
        );
        assert!(set.list(&id("key:y"), None).unwrap().is_empty());
        assert!(matches!(
            set.save(&id("guest:1"), &saved("a", Variant::Duel)).await,
            Err(StoreError::Invalid(_))
        ));
    }
}
