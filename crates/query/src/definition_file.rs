//! A defined puzzle's table file, what its reader and the reader of its shards share: its
//! name, its spec (four bits an entry, or a byte for a deep puzzle), the entry of a pattern
//! the moves never reach, and the entry at an index of a payload.

use std::path::Path;

use puzzle_tables_models::definition::DefinedPuzzle;

use crate::format::{Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{TableError, TableErrorKind};

/// The entry of a pattern the moves never reach, in four bits.
pub const UNREACHED4: u8 = 15;
/// The same in a byte.
pub const UNREACHED8: u8 = u8::MAX;

/// The file of the definition table named `name`: `definition-NAME.tbl`.
pub fn file_name(name: &str) -> String {
    format!("definition-{name}.tbl")
}

/// The name of the definition table in the file called `file_name`, if it is one.
pub fn name_of_file(file_name: &str) -> Option<&str> {
    file_name.strip_prefix("definition-")?.strip_suffix(".tbl")
}

/// The spec of `puzzle`'s table, its distances four bits an entry when the deepest is at
/// most 14 moves away, else a byte.
pub fn spec(puzzle: &DefinedPuzzle, deepest: usize) -> TableSpec {
    TableSpec {
        puzzle: Puzzle::Definition,
        kind: TableKind::PatternDistance,
        variant: 0,
        encoding: if deepest < UNREACHED4 as usize { Encoding::Packed4 } else { Encoding::Bytes },
        ranking_version: puzzle_tables_models::definition::RANKING_VERSION,
        entries: puzzle.index().size(),
    }
}

/// The spec in the header of the definition table at `path`: a definition's entries and
/// encoding follow from its own metadata, so its reader takes them from the file and then
/// checks them against the definition it carries.
pub fn header_spec(path: &Path) -> Result<TableSpec, TableError> {
    let spec = crate::table::read_spec(path)?;
    if spec.puzzle != Puzzle::Definition {
        let wrong = TableErrorKind::WrongTable { expected: "a definition's table".into(), found: spec.to_string() };
        return Err(TableError::new(path.to_path_buf(), wrong));
    }
    Ok(spec)
}

/// The entry at `index` of a payload in `encoding`: four bits (the low nibble first) or a
/// byte; `None` past its end.
#[inline]
pub(crate) fn entry_of(payload: &[u8], encoding: Encoding, index: u64) -> Option<u8> {
    match encoding {
        Encoding::Packed4 => payload.get((index / 2) as usize).map(|byte| byte >> (4 * (index % 2)) & 0xF),
        _ => payload.get(index as usize).copied(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_read_from_the_nibble_or_byte_of_its_index() {
        assert_eq!(entry_of(&[0x21, 0x43], Encoding::Packed4, 0), Some(1));
        assert_eq!(entry_of(&[0x21, 0x43], Encoding::Packed4, 3), Some(4));
        assert_eq!(entry_of(&[0x21, 0x43], Encoding::Packed4, 4), None);
        assert_eq!(entry_of(&[7, 9], Encoding::Bytes, 1), Some(9));
    }
}
