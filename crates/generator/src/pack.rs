//! Bit packing for table payloads.

/// Packs values below 4 into two bits each, four to a byte, the first in the lowest bits
/// (the query crate's `Encoding::Packed2`).
pub fn pack2(values: &[u8]) -> Vec<u8> {
    values
        .chunks(4)
        .map(|chunk| chunk.iter().enumerate().fold(0u8, |byte, (i, &v)| byte | (v & 0b11) << (2 * i)))
        .collect()
}

/// Packs values below 3 five to a byte as base-3 digits, the first the lowest (the query
/// crate's `Encoding::Base3`).
pub fn pack3(values: &[u8]) -> Vec<u8> {
    pack3_of(values, |v| v % 3)
}

/// Packs the base-3 `digit` of each value as [`pack3`] packs values, with no copy of the
/// digits on the way (a copy of `large`'s 9.7 billion entries would take 9.7 GB).
pub fn pack3_of(values: &[u8], digit: impl Fn(u8) -> u8) -> Vec<u8> {
    values.chunks(5).map(|chunk| chunk.iter().rev().fold(0u8, |byte, &v| byte * 3 + digit(v))).collect()
}

/// Packs the `level` (below 4) of each value into lines of the query crate's
/// `Encoding::Lines2`: 64 bytes, the line's least value at level 0 (`floor` when there is
/// none) and then 252 levels of two bits, four a byte, the first in the lowest bits.
pub fn pack_lines2(values: &[u8], level: impl Fn(u8) -> u8, floor: u8) -> Vec<u8> {
    let mut packed = Vec::with_capacity(values.len().div_ceil(252) * 64);
    for line in values.chunks(252) {
        let at_floor = line.iter().filter(|&&v| level(v) == 0);
        packed.push(at_floor.copied().min().unwrap_or(floor));
        for four in line.chunks(4) {
            packed.push(four.iter().rev().fold(0u8, |byte, &v| byte << 2 | level(v)));
        }
        packed.resize(packed.len().next_multiple_of(64), 0);
    }
    packed
}

/// Packs values below 16 into four bits each, two to a byte, the first in the low half
/// (the query crate's `Encoding::Packed4`).
pub fn pack4(values: &[u8]) -> Vec<u8> {
    values.chunks(2).map(|pair| pair.iter().rev().fold(0u8, |byte, &v| byte << 4 | (v & 0b1111))).collect()
}

/// Packs bits (values 0 or 1) eight to a byte, the first in the lowest bit (the query
/// crate's `Encoding::Packed1`).
pub fn pack1(bits: impl IntoIterator<Item = u8>) -> Vec<u8> {
    let mut packed = Vec::new();
    for (i, bit) in bits.into_iter().enumerate() {
        if i % 8 == 0 {
            packed.push(0);
        }
        if let Some(byte) = packed.last_mut() {
            *byte |= (bit & 1) << (i % 8);
        }
    }
    packed
}

#[cfg(test)]
mod tests {
    use puzzle_tables_query::format::{
        base3_at, distance_level, lines2_at, packed1_at, packed2_at, packed4_at, LEVELS_BASE,
    };

    /// Every one of `values` read back from `packed` by `at`.
    fn assert_read_back(values: &[u8], packed: &[u8], at: fn(&[u8], u64) -> Option<u8>) {
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(at(packed, i as u64), Some(v), "entry {i}");
        }
    }

    #[test]
    fn packed_values_read_back() {
        let values: Vec<u8> = (0..1001u32).map(|i| (i * 7 % 4) as u8).collect();
        let packed = super::pack2(&values);
        assert_eq!(packed.len(), 251);
        assert_read_back(&values, &packed, packed2_at);
    }

    /// Levels and each line's least distance at the base read back, the last line short.
    #[test]
    fn lines_of_levels_read_back() {
        let values: Vec<u8> = (0..1001u32).map(|i| (i * i % 11 + 3) as u8).collect();
        let packed = super::pack_lines2(&values, distance_level, LEVELS_BASE);
        assert_eq!(packed.len(), 4 * 64);
        for (i, &v) in values.iter().enumerate() {
            let line = &values[i / 252 * 252..values.len().min(i / 252 * 252 + 252)];
            let floor = line.iter().copied().filter(|&v| v <= LEVELS_BASE).min().unwrap_or(LEVELS_BASE);
            assert_eq!(lines2_at(&packed, i as u64), Some((distance_level(v), floor)), "entry {i}");
        }
        let high = super::pack_lines2(&[12; 300], distance_level, LEVELS_BASE);
        assert_eq!((lines2_at(&high, 299), lines2_at(&high, 600)), (Some((3, LEVELS_BASE)), None));
    }

    #[test]
    fn base3_digits_read_back() {
        let values: Vec<u8> = (0..1001u32).map(|i| (i * i % 7 % 3) as u8).collect();
        let packed = super::pack3(&values);
        assert_eq!(packed.len(), 201);
        assert!(packed.iter().all(|&byte| byte < 243));
        assert_read_back(&values, &packed, base3_at);
        assert_eq!(base3_at(&packed, 1005), None);
    }

    #[test]
    fn packed_nibbles_read_back() {
        let values: Vec<u8> = (0..1001u32).map(|i| (i * 7 % 16) as u8).collect();
        let packed = super::pack4(&values);
        assert_eq!(packed.len(), 501);
        assert_read_back(&values, &packed, packed4_at);
        assert_eq!(packed4_at(&packed, 1002), None);
    }

    #[test]
    fn packed_bits_read_back() {
        let bits: Vec<u8> = (0..1001u32).map(|i| (i * i % 3 == 1) as u8).collect();
        let packed = super::pack1(bits.iter().copied());
        assert_eq!(packed.len(), 126);
        assert_read_back(&bits, &packed, packed1_at);
        assert_eq!(packed1_at(&packed, 1008), None);
    }
}
