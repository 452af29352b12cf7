//! Hash tables that threads share, the one home of the core's shared memos:
//! [`Memo`], an insert-only map whose lookups take no lock (the
//! [`super::canonical::GameTable`]'s sums, the regions' values of
//! [`super::partizan::Values`], Domineering's numbers of wide shapes), and
//! [`Sharded`], a table split into shards by hash, each behind its own lock,
//! for lookups that must see every insert (the game table's index, which must
//! store each game once). [`Column`] holds a value per index of a dense
//! numbering (the game table's nodes and thermographs, by id), read with no
//! lock and no hashing. [`Generations`] are the tables of a structure that
//! grows while threads read it, and [`Padded`] keeps a field that threads
//! write on a cache line of its own.

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

/// A value per index `0, 1, 2, ...` (the ids of a table, handed out in
/// order), each made by `T::default()` in chunks of [`Column::CHUNK`] that
/// never move: reading an index's value takes no lock and no hashing, and a
/// thread that needs an index past the chunks adds chunks up to it, in order,
/// under a lock. A chunk is made whole when any of its indices is first
/// needed, so a column takes room for the indices up to the largest needed.
pub struct Column<T> {
    /// The chunks, in order.
    chunks: boxcar::Vec<Box<[T]>>,
    /// Held while a chunk is added, so that chunks come in order.
    grow: Mutex<()>,
    /// Chunks added so far.
    ready: AtomicUsize,
}

impl<T> Default for Column<T> {
    fn default() -> Self {
        Column {
            chunks: boxcar::Vec::new(),
            grow: Mutex::new(()),
            ready: AtomicUsize::new(0),
        }
    }
}

impl<T: Default> Column<T> {
    /// Indices in a chunk.
    pub const CHUNK: usize = 1 << 10;

    /// The value at `i`, if its chunk has been made.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&T> {
        (self.chunks.get(i / Self::CHUNK)).map(|chunk| &chunk[i % Self::CHUNK])
    }

    /// The value at `i`, its chunk made first if missing.
    pub fn at(&self, i: usize) -> &T {
        let chunk = i / Self::CHUNK;
        if self.ready.load(Acquire) <= chunk {
            let _grow = self.grow.lock().unwrap_or_else(PoisonError::into_inner);
            while self.ready.load(Relaxed) <= chunk {
                self.chunks
                    .push((0..Self::CHUNK).map(|_| T::default()).collect());
                self.ready.fetch_add(1, Release);
            }
        }
        &self.chunks[chunk][i % Self::CHUNK]
    }
}

/// The tables of a structure that threads read while it grows: each table is
/// made once and kept until the structure is dropped, for a reader may still
/// be in an older one; the newest is named by its place, published with
/// Release, so a reader that finds it there sees it whole.
pub struct Generations<T> {
    tables: [OnceLock<Box<[T]>>; GENERATIONS],
    /// The newest table's place in `tables`.
    current: AtomicUsize,
}

/// Tables a structure may grow through: doubling each time, the 40th of a
/// memo holds 2^45 slots.
const GENERATIONS: usize = 40;

impl<T> Generations<T> {
    /// Generations whose first table is `first`.
    pub fn new(first: Box<[T]>) -> Self {
        let generations = Generations {
            tables: [const { OnceLock::new() }; GENERATIONS],
            current: AtomicUsize::new(0),
        };
        let _ = generations.tables[0].set(first);
        generations
    }

    /// The newest table.
    pub fn newest(&self) -> &[T] {
        self.tables[self.current.load(Acquire)]
            .get()
            .expect("a table is made before it is named the newest")
    }

    /// The newest table's place.
    pub fn newest_place(&self) -> usize {
        self.current.load(Relaxed)
    }

    /// Makes the table of place `at` (by `make`, unless a thread made it
    /// first) and names it the newest, unless a newer one is.
    pub fn advance(&self, at: usize, make: impl FnOnce() -> Box<[T]>) {
        self.tables[at].get_or_init(make);
        self.current.fetch_max(at, Release);
    }
}

/// An insert-only map from keys to `Copy` values that threads share: what a
/// memo needs. A lookup takes no lock, so lookups made one after another
/// overlap their cache misses (a lock is a fence: behind 64 locks, the 4 x 8
/// Domineering board took 20% longer); an insert takes the map's one lock.
///
/// Entries sit in open addressing with linear probing, in a table at most
/// three quarters full, each with 32 bits of its key's hash, which a probe
/// compares before the key (a key may be large). A full table is copied into
/// one twice its size, in the memo's [`Generations`] (a lookup still in the
/// old one misses what was stored since, as a memo may): the tables together
/// take at most twice the newest's room.
pub struct Memo<K, V> {
    /// The tables, each twice the size of the one before.
    tables: Generations<OnceLock<Entry<K, V>>>,
    /// Held by an insert; counts the entries.
    entries: Padded<Mutex<usize>>,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo {
            tables: Generations::new(slots(Self::FIRST)),
            entries: Padded(Mutex::new(0)),
        }
    }
}

/// An entry of a [`Memo`]: the key, its value and the high half of the
/// key's hash.
struct Entry<K, V> {
    tag: u32,
    value: V,
    key: K,
}

/// The part of a hash a slot holds.
fn tag(hash: u64) -> u32 {
    (hash >> 32) as u32
}

/// `n` empty slots.
fn slots<T>(n: usize) -> Box<[OnceLock<T>]> {
    (0..n).map(|_| OnceLock::new()).collect()
}

/// The slot a probe for `hash` starts at in a table of `len` slots (a power
/// of two): the top bits of a multiplicative (Fibonacci) hash.
#[allow(
    clippy::cast_possible_truncation,
    reason = "the top log2(len) bits are below len, a usize"
)]
pub fn home(hash: u64, len: usize) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - len.trailing_zeros())) as usize
}

impl<K, V> Memo<K, V> {
    const FIRST: usize = 64;
}

impl<K: Hash + Eq + Clone, V: Copy> Memo<K, V> {
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

    /// The value stored for `key`, if there is one.
    pub fn get(&self, key: &K) -> Option<V> {
        Self::probe(self.tables.newest(), hash_of(key), key).ok()
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
        let mut table = self.tables.newest();
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
            self.tables
                .advance(self.tables.newest_place() + 1, || grown);
            table = self.tables.newest();
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
    fn a_column_makes_chunks_in_order_as_indices_come() {
        let column: Column<OnceLock<usize>> = Column::default();
        let far = 2 * Column::<OnceLock<usize>>::CHUNK + 5;
        assert!(column.get(0).is_none());
        assert_eq!(column.at(far).get_or_init(|| far), &far);
        assert_eq!(column.get(far).and_then(OnceLock::get), Some(&far));
        assert!(column.get(0).is_some_and(|v| v.get().is_none()));
        assert!(column.get(far + Column::<OnceLock<usize>>::CHUNK).is_none());
        std::thread::scope(|s| {
            for t in 0..4 {
                let column = &column;
                s.spawn(move || {
                    for i in (t..5000).step_by(4) {
                        assert_eq!(column.at(i).get_or_init(|| i), &i);
                    }
                });
            }
        });
        assert!((0..5000).all(|i| column.get(i).and_then(OnceLock::get) == Some(&i)));
    }

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
        assert_eq!(map.tables.newest().len(), 2048);
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
                            numbers[usize::try_from(k).unwrap()] = map.insert_with(k, |n| n);
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
