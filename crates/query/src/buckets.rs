//! Bucketed records ([`Encoding::BucketedRecords12`](crate::Encoding::BucketedRecords12)): a
//! lookup layout for tables of exact keys, such as the magic cube's.
//!
//! A payload is an index of `buckets + 1` little-endian `u32` record numbers, then the
//! records, [`RECORD_LEN`] bytes each: a little-endian 96-bit number `key << VALUE_BITS |
//! value`, keys below 2^68. Bucket `b` holds records `index[b]..index[b + 1]`, sorted by key; a key
//! belongs to bucket [`bucket_of`], a hash of the whole key. There are [`bucket_count`]
//! buckets, about four records each, so a lookup reads one index word and scans a few
//! neighbouring records: two or three cache misses, where a binary search over the same
//! records takes twenty dependent steps. Keys are stored whole, so a key found is that key:
//! the hash only chooses where to look, and can never give a false hit.

/// The length in bytes of one record.
pub const RECORD_LEN: usize = 12;
/// How many low bits of a record hold its value; the key is above them.
pub const VALUE_BITS: u32 = 28;
/// The mask of a record's value bits.
pub const VALUE_MASK: u128 = (1 << VALUE_BITS) - 1;

/// The length in bytes of one index word.
const INDEX_WORD: usize = 4;

/// How many buckets a payload of `entries` records has: one per four records (at least
/// one), so a bucket holds four on average.
pub fn bucket_count(entries: u64) -> u64 {
    entries.div_ceil(4).max(1)
}

/// The payload length of `entries` records, or `None` when it overflows (or a record number
/// would not fit the index's `u32`).
pub fn payload_len(entries: u64) -> Option<u64> {
    u32::try_from(entries).ok()?;
    let index = (bucket_count(entries) + 1).checked_mul(INDEX_WORD as u64)?;
    index.checked_add(entries.checked_mul(RECORD_LEN as u64)?)
}

/// The bucket of `key` among `buckets`: the splitmix64 finaliser of the key's two halves,
/// scaled onto `0..buckets` by a multiply (no division). Part of the format: changing it
/// needs a new encoding code.
pub fn bucket_of(key: u128, buckets: u64) -> u64 {
    let mut mixed = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    mixed ^= mixed >> 31;
    ((u128::from(mixed) * u128::from(buckets)) >> 64) as u64
}

/// The payload of `records` (each `key << VALUE_BITS | value`, keys below 2^68): its bucket
/// index, then
/// the records by bucket and, within one, by key.
///
/// # Panics
/// If two records share a key, or there are more records than the index can number.
pub fn encode(mut records: Vec<u128>) -> Vec<u8> {
    let entries = records.len() as u64;
    let len = payload_len(entries).expect("the index numbers every record");
    let buckets = bucket_count(entries);
    records.sort_unstable_by_key(|&record| (bucket_of(record >> VALUE_BITS, buckets), record >> VALUE_BITS));
    assert!(records.windows(2).all(|pair| pair[0] >> VALUE_BITS != pair[1] >> VALUE_BITS), "each key once");
    let mut starts = vec![0u32; buckets as usize + 1];
    for &record in &records {
        starts[bucket_of(record >> VALUE_BITS, buckets) as usize + 1] += 1;
    }
    for bucket in 0..buckets as usize {
        starts[bucket + 1] += starts[bucket];
    }
    let mut payload = Vec::with_capacity(len as usize);
    payload.extend(starts.iter().flat_map(|start| start.to_le_bytes()));
    payload.extend(records.into_iter().flat_map(record_bytes));
    payload
}

/// A bucketed payload, read in place.
#[derive(Clone, Copy, Debug)]
pub struct BucketedRecords<'a> {
    index: &'a [u8],
    records: &'a [u8],
    buckets: u64,
}

impl<'a> BucketedRecords<'a> {
    /// The payload of `entries` records. A payload of the wrong length (which a checked
    /// table never has) finds fewer records, never panics.
    pub fn new(payload: &'a [u8], entries: u64) -> BucketedRecords<'a> {
        let buckets = bucket_count(entries);
        let index_len = usize::try_from((buckets + 1) * INDEX_WORD as u64).unwrap_or(usize::MAX);
        let (index, records) = payload.split_at(index_len.min(payload.len()));
        BucketedRecords { index, records, buckets }
    }

    /// The first record number of `bucket` (`buckets` for the end), if the index has it.
    fn start(&self, bucket: usize) -> Option<usize> {
        let at = bucket.checked_mul(INDEX_WORD)?;
        let word = self.index.get(at..at.checked_add(INDEX_WORD)?)?;
        Some(u32::from_le_bytes(word.try_into().ok()?) as usize)
    }

    /// The value stored with `key`, or `None` when no record has it.
    pub fn value_of(&self, key: u128) -> Option<u32> {
        let bucket = bucket_of(key, self.buckets) as usize;
        let (start, end) = (self.start(bucket)?, self.start(bucket + 1)?);
        for number in start..end {
            let record = record_at(self.records, number)?;
            match (record >> VALUE_BITS).cmp(&key) {
                std::cmp::Ordering::Less => continue,
                std::cmp::Ordering::Equal => return Some((record & VALUE_MASK) as u32),
                std::cmp::Ordering::Greater => return None,
            }
        }
        None
    }

    /// Every record, in payload order.
    pub fn records(&self) -> impl Iterator<Item = u128> + 'a {
        let records = self.records;
        (0..records.len() / RECORD_LEN).filter_map(move |number| record_at(records, number))
    }

    /// Checks what lookups rely on and a checksum cannot tell: the index starts at 0, never
    /// decreases and ends at the last record, every record lies in its key's bucket, and keys
    /// increase within a bucket (so each key is stored once). Reads every record.
    pub fn check(&self) -> Result<(), String> {
        let count = self.records.len() / RECORD_LEN;
        if self.start(0) != Some(0) || self.start(self.buckets as usize) != Some(count) {
            return Err("the bucket index does not span the records".into());
        }
        for bucket in 0..self.buckets as usize {
            let (start, end) = (self.start(bucket).unwrap_or(0), self.start(bucket + 1).unwrap_or(0));
            if start > end {
                return Err(format!("bucket {bucket} ends before it starts"));
            }
            let mut previous = None;
            for number in start..end {
                let key = record_at(self.records, number).unwrap_or(0) >> VALUE_BITS;
                if bucket_of(key, self.buckets) != bucket as u64 {
                    return Err(format!("record {number} lies outside its key's bucket"));
                }
                if previous.is_some_and(|previous| previous >= key) {
                    return Err(format!("record {number} is not above the one before it"));
                }
                previous = Some(key);
            }
        }
        Ok(())
    }
}

/// Reads record `number` of `records`, or `None` past their end.
fn record_at(records: &[u8], number: usize) -> Option<u128> {
    let start = number.checked_mul(RECORD_LEN)?;
    let bytes = records.get(start..start.checked_add(RECORD_LEN)?)?;
    let mut wide = [0u8; 16];
    wide[..RECORD_LEN].copy_from_slice(bytes);
    Some(u128::from_le_bytes(wide))
}

/// The little-endian bytes of a record (below 2^96).
fn record_bytes(record: u128) -> [u8; RECORD_LEN] {
    let wide = record.to_le_bytes();
    std::array::from_fn(|i| wide[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys_of(count: u64) -> Vec<u128> {
        // Structured keys (consecutive, and far apart), as perfect rankings give.
        (0..count).map(|i| u128::from(i) * 7 + (u128::from(i % 3) << 66)).collect()
    }

    #[test]
    fn every_stored_key_is_found_with_its_value_and_no_other_is() {
        for count in [0, 1, 5, 1_000] {
            let records: Vec<u128> = keys_of(count).iter().map(|&key| key << VALUE_BITS | (key % 1000)).collect();
            let payload = encode(records.clone());
            assert_eq!(Some(payload.len() as u64), payload_len(count));
            let bucketed = BucketedRecords::new(&payload, count);
            assert_eq!(bucketed.check(), Ok(()));
            for &record in &records {
                assert_eq!(bucketed.value_of(record >> VALUE_BITS), Some((record & VALUE_MASK) as u32));
                assert_eq!(bucketed.value_of((record >> VALUE_BITS) + 1 + (1 << 67)), None);
            }
        }
    }

    #[test]
    fn buckets_hold_about_four_records() {
        let count = 100_000;
        let buckets = bucket_count(count);
        let mut sizes = vec![0u32; buckets as usize];
        keys_of(count).iter().for_each(|&key| sizes[bucket_of(key, buckets) as usize] += 1);
        assert!(sizes.iter().all(|&size| size <= 20), "largest bucket {:?}", sizes.iter().max());
    }

    #[test]
    fn check_finds_a_misplaced_record_and_a_broken_index() {
        let records: Vec<u128> = keys_of(100).iter().map(|&key| key << VALUE_BITS).collect();
        let payload = encode(records);
        let index_len = (bucket_count(100) as usize + 1) * INDEX_WORD;
        let mut swapped = payload.clone();
        let record = |number| index_len + RECORD_LEN * number..index_len + RECORD_LEN * (number + 1);
        let (first, second) = (record(0), record(50));
        let saved = swapped[first.clone()].to_vec();
        swapped.copy_within(second.clone(), first.start);
        swapped[second].copy_from_slice(&saved);
        assert!(BucketedRecords::new(&swapped, 100).check().is_err());
        let mut broken = payload.clone();
        broken[4] = 0xff;
        assert!(BucketedRecords::new(&broken, 100).check().is_err());
        assert!(BucketedRecords::new(&payload[..10], 100).value_of(0).is_none());
    }
}
