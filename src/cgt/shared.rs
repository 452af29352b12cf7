//! Hash tables that threads share, the one home of the core's shared memos:
//! [`Memo`], an insert-only map whose lookups take no lock (the
//! [`super::canonical::GameTable`]'s sums, the regions' values of
//! [`super::partizan::Values`], Domineering's numbers of wide shapes), and
//! [`Sharded`], a table split into shards by hash, each behind its own lock,
//! for lookups that must see every insert (the game table's index, which must
//! store each game once). [`Padded`] keeps a field that threads write on a
//! cache line of its own.

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{
    AtomicUsize,
    Ordering::{Acquire, Relaxed, Release},
};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

/// Shards: enough that two threads, or eight, rarely want the same one.
const SHARDS: usize = 64;

/// The hash the shards and their tables use.
pub fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = FxHasher::default();
    value.hash(&mut h);
    h.finish()
}

/// A value on a cache line of its own: a field that threads write (a lock,
/// a counter) then makes no other core reload the fields beside it.
#[repr(align(64))]
#[derive(Default)]
pub struct Padded<T>(pub T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// A hash table of `T`s split into shards, each locked on its own. Callers
/// hash an entry once ([`hash_of`] or their own hash) and pass the hash in.
pub struct Sharded<T> {
    shards: Box<[Padded<Mutex<HashTable<T>>>]>,
}

impl<T> Default for Sharded<T> {
    fn default() -> Self {
        Sharded {
            shards: (0..SHARDS).map(|_| Padded::default()).collect(),
        }
    }
}

impl<T> Sharded<T> {
    /// The shard holding entries of hash `hash`, locked. The shard is chosen
    /// by middle bits of the hash: a table places entries by its low bits and
    /// tells them apart by its top 7, which so stay as varied in a shard as
    /// in the whole.
    pub fn lock(&self, hash: u64) -> MutexGuard<'_, HashTable<T>> {
        let shard = (hash >> 32) as usize % SHARDS;
        // A lock is poisoned only by a panic while it was held, which
        // leaves the table whole (every change is one insert).
        self.shards[shard]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// An insert-only map from keys to `Copy` values that threads share: what a
/// memo needs. A lookup takes no lock, so lookups made one after another
/// overlap their cache misses (a lock is a fence: behind 64 locks, the 4 x 8
/// Domineering board took 20% longer); an insert takes the map's one lock.
///
/// Entries sit in open addressing with linear probing, in a table at most
/// three quarters full, each with 32 bits of its key's hash, which a probe
/// compares before the key (a key may be large, or boxed). A full table is copied into one twice its size, and
/// the old one is kept until the map is dropped (a lookup may still be in
/// it; it then misses what was stored since, as a memo may): the tables
/// together take at most twice the newest's room.
pub struct Memo<K, V> {
    /// The tables, each twice the size of the one before.
    tables: [OnceLock<Table<K, V>>; GENERATIONS],
    /// The newest table's place in `tables`.
    current: AtomicUsize,
    /// Held by an insert; counts the entries.
    entries: Padded<Mutex<usize>>,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        let map = Memo {
            tables: [const { OnceLock::new() }; GENERATIONS],
            current: AtomicUsize::new(0),
            entries: Padded(Mutex::new(0)),
        };
        let _ = map.tables[0].set(slots(Self::FIRST));
        map
    }
}

/// An entry of a [`Memo`]: the key, its value and the high half of the
/// key's hash.
struct Entry<K, V> {
    tag: u32,
    value: V,
    key: K,
}

/// A table of a [`Memo`]: slots, each filled once.
type Table<K, V> = Box<[OnceLock<Entry<K, V>>]>;

/// The part of a hash a slot holds.
fn tag(hash: u64) -> u32 {
    (hash >> 32) as u32
}

/// `n` empty slots.
fn slots<T>(n: usize) -> Box<[OnceLock<T>]> {
    (0..n).map(|_| OnceLock::new()).collect()
}

/// The slot a probe for `hash` starts at in a table of `len` slots (a power
/// of two): the top bits of a multiplicative hash.
fn home(hash: u64, len: usize) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - len.trailing_zeros())) as usize
}

/// Tables a map may grow through: the 40th holds 2^45 slots.
const GENERATIONS: usize = 40;

impl<K, V> Memo<K, V> {
    const FIRST: usize = 64;
}

impl<K: Hash + Eq + Clone, V: Copy> Memo<K, V> {
    fn newest(&self) -> &[OnceLock<Entry<K, V>>] {
        self.tables[self.current.load(Acquire)]
            .get()
            .expect("the current table is set before it is named")
    }

    /// The value under `key` in `table`, or the empty slot where it would go.
    fn probe<'a>(
        table: &'a [OnceLock<Entry<K, V>>],
        hash: u64,
        key: &K,
    ) -> Result<V, &'a OnceLock<Entry<K, V>>> {
        let mask = table.len() - 1;
        let mut i = home(hash, table.len());
        loop {
            match table[i].get() {
                None => return Err(&table[i]),
                Some(e) if e.tag == tag(hash) && e.key == *key => return Ok(e.value),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    pub fn get(&self, key: &K) -> Option<V> {
        Self::probe(self.newest(), hash_of(key), key).ok()
    }

    /// Stores `value` under `key` unless the key is there already (a thread
    /// may have stored it since this one looked): the value stored first
    /// stays, and is returned.
    pub fn insert(&self, key: K, value: V) -> V {
        self.insert_with(key, |_| value)
    }

    /// The value under `key`, stored first if missing as `value(n)`, `n`
    /// being the number of entries stored before: a map made only by this
    /// numbers its keys 0, 1, 2, ... in the order they came. `value` runs
    /// holding the map's lock, so it must not use the map.
    pub fn insert_with(&self, key: K, value: impl FnOnce(usize) -> V) -> V {
        if let Some(v) = self.get(&key) {
            return v;
        }
        let hash = hash_of(&key);
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let mut table = self.newest();
        if let Ok(v) = Self::probe(table, hash, &key) {
            return v;
        }
        if 4 * (*entries + 1) > 3 * table.len() {
            let grown = slots(2 * table.len());
            for e in table.iter().filter_map(OnceLock::get) {
                if let Err(slot) = Self::probe(&grown, hash_of(&e.key), &e.key) {
                    let _ = slot.set(Entry {
                        key: e.key.clone(),
                        ..*e
                    });
                }
            }
            let next = self.current.load(Relaxed) + 1;
            let _ = self.tables[next].set(grown);
            self.current.store(next, Release);
            table = self.newest();
        }
        let value = value(*entries);
        if let Err(slot) = Self::probe(table, hash, &key) {
            // Only an insert, holding the lock, fills a slot.
            let _ = slot.set(Entry {
                tag: tag(hash),
                value,
                key,
            });
        }
        *entries += 1;
        value
    }

    /// The number of entries.
    pub fn entries(&self) -> usize {
        *self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_keeps_the_first_value_through_its_growth() {
        let map = Memo::default();
        for k in 0u64..1000 {
            assert_eq!(map.insert(k, k * 2), k * 2);
        }
        assert_eq!(map.insert(7, 99), 14);
        assert_eq!(map.get(&7), Some(14));
        assert_eq!(map.get(&1000), None);
        assert_eq!(map.entries(), 1000);
        // Every table it grew through kept every entry: 1,000 entries took
        // the first table of 64 slots to 2,048.
        assert!((0..1000).all(|k| map.get(&k) == Some(k * 2)));
        assert_eq!(map.newest().len(), 2048);
    }

    #[test]
    fn insert_with_numbers_keys_in_order() {
        let map = Memo::default();
        let numbers: Vec<usize> = ["b", "a", "b", "c"]
            .into_iter()
            .map(|k| map.insert_with(k, |n| n))
            .collect();
        assert_eq!(numbers, [0, 1, 0, 2]);
    }

    #[test]
    fn threads_numbering_one_memo_agree() {
        // Four threads number the same 20,000 keys, each in its own order,
        // through many growths: every key gets one number, the same in
        // every thread, and the numbers are 0 to 19,999.
        let map = Memo::default();
        let keys: Vec<u64> = (0..20_000).collect();
        let seen: Vec<Vec<usize>> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..4)
                .map(|t| {
                    let (map, keys) = (&map, &keys);
                    s.spawn(move || {
                        let mut order = keys.clone();
                        order.rotate_left(t * keys.len() / 4);
                        let mut numbers = vec![0; keys.len()];
                        for k in order {
                            numbers[k as usize] = map.insert_with(k, |n| n);
                        }
                        numbers
                    })
                })
                .collect();
            threads.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(seen.iter().all(|s| *s == seen[0]));
        let mut numbers = seen[0].clone();
        numbers.sort_unstable();
        assert!(numbers.iter().copied().eq(0..keys.len()));
    }

    #[test]
    fn threads_share_a_memo() {
        let map = Memo::default();
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let map = &map;
                s.spawn(move || {
                    for k in 0..500 {
                        map.insert(k, t);
                    }
                });
            }
        });
        // Every key once, holding whichever thread stored it first.
        assert_eq!(map.entries(), 500);
        assert!((0..500).all(|k| map.get(&k).is_some_and(|t| t < 4)));
    }
}
