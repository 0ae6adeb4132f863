//! Bit packing for table payloads.

/// Packs values below 4 into two bits each, four to a byte, the first in the lowest bits
/// (the query crate's `Encoding::Packed2`).
pub fn pack2(values: &[u8]) -> Vec<u8> {
    values
        .chunks(4)
        .map(|chunk| chunk.iter().enumerate().fold(0u8, |byte, (i, &v)| byte | (v & 0b11) << (2 * i)))
        .collect()
}

/// Packs values below 16 into four bits each, two to a byte, the first in the low half
/// (the query crate's `Encoding::Packed4`).
pub fn pack4(values: &[u8]) -> Vec<u8> {
    values.chunks(2).map(|pair| pair.iter().rev().fold(0u8, |byte, &v| byte << 4 | (v & 0b1111))).collect()
}

#[cfg(test)]
mod tests {
    use puzzle_tables_query::format::{packed2_at, packed4_at};

    #[test]
    fn packed_values_read_back() {
        let values: Vec<u8> = (0..1001u32).map(|i| (i * 7 % 4) as u8).collect();
        let packed = super::pack2(&values);
        assert_eq!(packed.len(), 251);
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(packed2_at(&packed, i as u64), Some(v));
        }
    }

    #[test]
    fn packed_nibbles_read_back() {
        let values: Vec<u8> = (0..1001u32).map(|i| (i * 7 % 16) as u8).collect();
        let packed = super::pack4(&values);
        assert_eq!(packed.len(), 501);
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(packed4_at(&packed, i as u64), Some(v));
        }
        assert_eq!(packed4_at(&packed, 1002), None);
    }
}
