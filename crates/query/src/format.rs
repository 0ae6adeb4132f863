//! The table file format, shared by the generator (which writes it) and this crate.
//!
//! All integers are little-endian. A file is a fixed 128-byte [`Header`], the metadata
//! (postcard-encoded [`Metadata`]) right after it, then the payload at the next multiple of
//! [`PAYLOAD_ALIGN`], so that it can be read in place from a memory map. The file ends
//! exactly where the payload does.
//!
//! | offset | size | field |
//! |-------:|-----:|-------|
//! | 0   | 8  | magic `PUZTABLE` |
//! | 8   | 4  | format version ([`FORMAT_VERSION`]) |
//! | 12  | 4  | header length (128) |
//! | 16  | 4  | puzzle ([`Puzzle`]) |
//! | 20  | 4  | table kind ([`TableKind`]) |
//! | 24  | 4  | variant (which table of that kind, such as a start cell) |
//! | 28  | 4  | payload encoding ([`Encoding`]) |
//! | 32  | 4  | the puzzle model's ranking version |
//! | 36  | 4  | reserved, zero |
//! | 40  | 8  | entry count |
//! | 48  | 8  | metadata offset |
//! | 56  | 8  | metadata length |
//! | 64  | 8  | payload offset |
//! | 72  | 8  | payload length |
//! | 80  | 4  | CRC-32 of the metadata |
//! | 84  | 4  | CRC-32 of the payload |
//! | 88  | 36 | reserved, zero |
//! | 124 | 4  | CRC-32 of bytes 0..124 |

use std::fmt;

use serde::{Deserialize, Serialize};

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"PUZTABLE";
/// The version of this layout; files of another version are refused.
pub const FORMAT_VERSION: u32 = 1;
/// The header's length in bytes.
pub const HEADER_LEN: usize = 128;
/// The payload starts at a multiple of this many bytes.
pub const PAYLOAD_ALIGN: u64 = 64;

macro_rules! numbered_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $value:literal => $label:literal,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant = $value,)*
        }

        impl $name {
            /// Every value, in code order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The value whose [`label`](Self::label) is `label`.
            pub fn from_label(label: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|value| value.label() == label)
            }

            /// The number stored in a header.
            pub fn code(self) -> u32 {
                self as u32
            }

            /// The value stored as `code`, if there is one.
            pub fn from_code(code: u32) -> Option<$name> {
                match code {
                    $($value => Some($name::$variant),)*
                    _ => None,
                }
            }

            /// A short lowercase name, used in file names and messages.
            pub fn label(self) -> &'static str {
                match self {
                    $($name::$variant => $label,)*
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.label())
            }
        }
    };
}

numbered_enum! {
    /// The puzzles that have tables. It grows as puzzles are added (it last grew by
    /// [`Cube`](Puzzle::Cube)), so a `match` on it needs a wildcard arm.
    #[non_exhaustive]
    Puzzle {
        /// The eight puzzle.
        Eight = 1 => "eight",
        /// The cubic eight-puzzle.
        Cubic = 2 => "cubic",
        /// The rotation game.
        Rotation = 3 => "rotation",
        /// The magic cube (a 3x3x3 Rubik's cube, quarter turns).
        MagicCube = 4 => "magic-cube",
        /// The fifteen puzzle.
        Fifteen = 5 => "fifteen",
        /// Any Rubik's cube, by the two-phase algorithm.
        Cube = 6 => "cube",
        /// A twisty puzzle from its KPuzzle definition; the table's metadata carries the
        /// definition, and its file is named after the puzzle (`definition-NAME.tbl`).
        Definition = 7 => "definition",
    }
}

impl Puzzle {
    /// The puzzles written by hand, each with its own tables, readers and commands; a
    /// [`Definition`](Puzzle::Definition) table is named by its puzzle instead (see
    /// [`crate::definition`]).
    pub const BUILT_IN: &'static [Puzzle] =
        &[Puzzle::Eight, Puzzle::Cubic, Puzzle::Rotation, Puzzle::MagicCube, Puzzle::Fifteen, Puzzle::Cube];
}

numbered_enum! {
    /// What a table's entries mean.
    #[non_exhaustive]
    TableKind {
        /// For each ranked state, the move that takes it one step closer to the goal.
        ParentMove = 1 => "parent",
        /// For each pattern (what is seen from above, not the whole state), its exact
        /// distance from a start.
        PatternDistance = 10 => "pattern-distance",
        /// For each state a start reaches, bit 1 of its distance: with the distance's
        /// parity, which the state itself tells, its distance modulo 4.
        StateDistanceMod4 = 11 => "state-distance-mod4",
        /// For each ranked state, its distance (fewest moves) to the goal.
        Distance = 20 => "distance",
        /// Every state within the variant's number of moves of the goal, by key, each with
        /// a shortest solution.
        SolutionWithin = 30 => "within",
        /// For each placement of a pattern's tiles (the variant names them, bit `t` for
        /// tile `t`), the fewest moves of those tiles that bring them to their goal cells.
        PatternDatabase = 40 => "pattern",
        /// For each raw coordinate, its symmetry class and the symmetry that takes it to the
        /// class's representative: `class * 16 + symmetry`.
        SymmetryClass = 50 => "sym-class",
        /// For each symmetry class and further coordinate, its distance modulo 3; with the
        /// distance of one state known, each neighbour's follows.
        DistanceMod3 = 51 => "distance-mod3",
        /// For each value of a coordinate, its value after each move (the variant names the
        /// coordinate).
        CoordinateMoves = 52 => "moves",
        /// For each pair of coordinates (the variant names them and the metric), the fewest
        /// moves that solve both.
        PairDistance = 53 => "pair-distance",
        /// The states near a goal as a graph on symmetry classes: for each node its entry in
        /// a distance table, its distance and the node each move leads to (the variant names
        /// the metric; see the cube's near-G1 graph).
        NearGraph = 54 => "near-graph",
        /// For each symmetry class and further coordinate, its exact distance and, for each
        /// move, whether the move brings it closer, keeps its distance or takes it further
        /// (the variant names the metric; see the cube's large table set).
        DistanceSteps = 55 => "distance-steps",
        /// For each symmetry class and further coordinate, where its distance lies against
        /// a floor that the table fixes: 0 at or below it, 1 one above, 2 further. A bound
        /// read from one entry alone, with no neighbour's distance known (see the cube's
        /// `large` optimal tables).
        DistanceAbove = 56 => "distance-above",
        /// For each symmetry class and further coordinate, its distance against a base
        /// ([`LEVELS_BASE`]), in lines of [`Encoding::Lines2`]: entry 1 or 2 one or two
        /// above it, 3 further; 0 at or below it, and at least the line's byte, the least
        /// such distance in the line. A bound read from one entry alone (see the cube's
        /// `wide` optimal table).
        DistanceLevels = 57 => "distance-levels",
    }
}

numbered_enum! {
    /// How a payload stores its entries.
    #[non_exhaustive]
    Encoding {
        /// Two bits per entry, four entries per byte, the first in the lowest bits.
        Packed2 = 1 => "packed-2",
        /// Lines of 64 bytes, each a byte the table's kind gives a meaning to and then
        /// [`LINE_ENTRIES`] entries of two bits, four a byte, the first in the lowest bits:
        /// one read of one cache line gives an entry and its line's byte.
        Lines2 = 3 => "lines-2",
        /// Entries below 3, five per byte as base-3 digits (the byte is `e0 + 3 e1 + 9 e2 +
        /// 27 e3 + 81 e4`, below 243): 1.6 bits an entry.
        Base3 = 2 => "base-3",
        /// One byte per entry.
        Bytes = 10 => "u8",
        /// One bit per entry, eight entries per byte, the first in the lowest bit.
        Packed1 = 11 => "packed-1",
        /// Four bits per entry, two entries per byte, the first in the low half.
        Packed4 = 20 => "packed-4",
        /// Records of twelve bytes (a little-endian 96-bit number: a key above 28 bits of
        /// value) in hash buckets behind an index of bucket offsets; see [`crate::buckets`].
        /// (Code 30 was nine-byte records sorted by key, searched by bisection; such files
        /// are refused as an unknown encoding.)
        BucketedRecords12 = 31 => "bucketed-records-12",
        /// Two bytes per entry, little-endian.
        U16 = 40 => "u16",
        /// Four bytes per entry, little-endian.
        U32 = 41 => "u32",
        /// Three bytes per entry, little-endian.
        U24 = 42 => "u24",
    }
}

impl Encoding {
    /// The payload length in bytes for `entries` entries, or `None` when it overflows.
    pub fn payload_len(self, entries: u64) -> Option<u64> {
        match self {
            Encoding::Packed2 => Some(entries.div_ceil(4)),
            Encoding::Lines2 => entries.div_ceil(LINE_ENTRIES).checked_mul(64),
            Encoding::Base3 => Some(entries.div_ceil(5)),
            Encoding::Bytes => Some(entries),
            Encoding::Packed1 => Some(entries.div_ceil(8)),
            Encoding::Packed4 => Some(entries.div_ceil(2)),
            Encoding::BucketedRecords12 => crate::buckets::payload_len(entries),
            Encoding::U16 => entries.checked_mul(2),
            Encoding::U32 => entries.checked_mul(4),
            Encoding::U24 => entries.checked_mul(3),
        }
    }
}

/// The cube's tables, by kind and variant: the coordinates each is indexed by (a symmetry
/// class of the corner or U/D edge permutation, the flip-slice class and the corner twist,
/// the UD-slice permutation) and the metric its distances count. A cube table missing here
/// is named by its variant's number (and `tests/table_names.rs` fails).
const CUBE_VARIANT_NAMES: [(TableKind, u32, &str); 25] = [
    (TableKind::SymmetryClass, 1, "corner-perm"),
    (TableKind::SymmetryClass, 2, "ud-edge-perm"),
    (TableKind::SymmetryClass, 3, "flip-slice"),
    (TableKind::SymmetryClass, 4, "flip-sorted-slice"),
    (TableKind::SymmetryClass, 6, "flip-slice-tetrads"),
    (TableKind::SymmetryClass, 7, "flip-slice-layers"),
    (TableKind::CoordinateMoves, 3, "corner-perm-class"),
    (TableKind::CoordinateMoves, 4, "ud-edge-perm-class"),
    (TableKind::CoordinateMoves, 5, "flip-slice-class"),
    (TableKind::DistanceMod3, 1, "flip-slice-twist-htm"),
    (TableKind::DistanceMod3, 2, "flip-slice-twist-qtm"),
    (TableKind::DistanceMod3, 3, "flip-sorted-slice-twist-htm"),
    (TableKind::DistanceMod3, 5, "flip-slice-tetrads-twist-htm"),
    (TableKind::DistanceMod3, 6, "flip-slice-layers-twist-htm"),
    (TableKind::DistanceAbove, 1, "flip-slice-tetrads-twist-htm"),
    (TableKind::DistanceLevels, 1, "flip-slice-tetrads-twist-htm"),
    (TableKind::NearGraph, 1, "flip-slice-twist-htm"),
    (TableKind::NearGraph, 2, "flip-slice-twist-qtm"),
    (TableKind::DistanceSteps, 1, "flip-slice-twist-htm"),
    (TableKind::Distance, 1, "corner-perm-twist-htm"),
    (TableKind::PairDistance, 7, "corner-perm-slice-perm-htm"),
    (TableKind::PairDistance, 8, "ud-edge-perm-slice-perm-htm"),
    (TableKind::PairDistance, 9, "corner-perm-slice-perm-qtm"),
    (TableKind::PairDistance, 10, "ud-edge-perm-slice-perm-qtm"),
    (TableKind::PairDistance, 11, "corner-perm-class-ud-edge-perm-htm"),
];

/// Everything a reader expects of one table file; the generator writes to the same spec.
/// Its fields are public because they are the header's fields, which the generator fills
/// in; a new one is a new [`FORMAT_VERSION`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSpec {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// What the entries mean.
    pub kind: TableKind,
    /// Which table of this kind (a start cell, say); 0 when there is one.
    pub variant: u32,
    /// How entries are stored.
    pub encoding: Encoding,
    /// The puzzle model's ranking version the entries are indexed by.
    pub ranking_version: u32,
    /// The number of entries.
    pub entries: u64,
}

impl TableSpec {
    /// The file name within the tables directory, such as `eight-parent.tbl`: the puzzle, the
    /// kind and what tells the table from the others of its kind ([`TableSpec::variant_name`]).
    ///
    /// ```
    /// use puzzle_tables_query::format::{Encoding, Puzzle, TableKind, TableSpec};
    ///
    /// let spec = TableSpec {
    ///     puzzle: Puzzle::Fifteen,
    ///     kind: TableKind::PatternDatabase,
    ///     variant: 0b1110,
    ///     encoding: Encoding::Bytes,
    ///     ranking_version: 1,
    ///     entries: 16 * 15 * 14,
    /// };
    /// assert_eq!(spec.file_name(), "fifteen-pattern-tiles-1-2-3.tbl");
    /// let spec = TableSpec { puzzle: Puzzle::Cube, kind: TableKind::PairDistance, variant: 9, ..spec };
    /// assert_eq!(spec.file_name(), "cube-pair-distance-corner-perm-slice-perm-qtm.tbl");
    /// ```
    pub fn file_name(&self) -> String {
        match self.variant_name() {
            None => format!("{}-{}.tbl", self.puzzle, self.kind),
            Some(name) => format!("{}-{}-{name}.tbl", self.puzzle, self.kind),
        }
    }

    /// What tells this table from the others of its kind, in its file name: the tiles of a
    /// fifteen-puzzle pattern (`tiles-1-2-3`), the coordinates and the metric of a cube table
    /// (`flip-slice-twist-htm`), else the variant's number; `None` when the kind has one table.
    pub fn variant_name(&self) -> Option<String> {
        match (self.puzzle, self.kind, self.variant) {
            (_, _, 0) => None,
            (Puzzle::Fifteen, TableKind::PatternDatabase, tiles) => {
                let tiles: Vec<String> = (0..32).filter(|tile| tiles >> tile & 1 == 1).map(|t| t.to_string()).collect();
                Some(format!("tiles-{}", tiles.join("-")))
            }
            (Puzzle::Cube, kind, variant) => {
                let named = CUBE_VARIANT_NAMES.iter().find(|&&(k, v, _)| (k, v) == (kind, variant));
                Some(named.map_or_else(|| variant.to_string(), |&(_, _, name)| name.to_string()))
            }
            (_, _, variant) => Some(variant.to_string()),
        }
    }

    /// The payload length this spec implies.
    pub fn payload_len(&self) -> Option<u64> {
        self.encoding.payload_len(self.entries)
    }

    /// A whole table file: header, metadata and `payload`, which must be
    /// [`TableSpec::payload_len`] bytes long.
    pub fn encode_file(&self, metadata: &Metadata, payload: &[u8]) -> Vec<u8> {
        let mut file = self.encode_head(metadata, payload.len() as u64, crc32fast::hash(payload));
        file.extend_from_slice(payload);
        file
    }

    /// A table file's head: its header and metadata, padded to where a payload of
    /// `payload_len` bytes (which must be [`TableSpec::payload_len`]) with checksum
    /// `payload_crc` (`crc32fast`) follows. Written before a payload kept elsewhere, the
    /// head spares a large table a second copy of its payload in memory.
    pub fn encode_head(&self, metadata: &Metadata, payload_len: u64, payload_crc: u32) -> Vec<u8> {
        assert_eq!(Some(payload_len), self.payload_len(), "payload length for {}", self.file_name());
        let metadata = postcard::to_allocvec(metadata).expect("metadata serializes");
        let metadata_offset = HEADER_LEN as u64;
        let payload_offset = (metadata_offset + metadata.len() as u64).next_multiple_of(PAYLOAD_ALIGN);
        let header = Header {
            puzzle: self.puzzle.code(),
            kind: self.kind.code(),
            variant: self.variant,
            encoding: self.encoding.code(),
            ranking_version: self.ranking_version,
            entries: self.entries,
            metadata_offset,
            metadata_len: metadata.len() as u64,
            payload_offset,
            payload_len,
            metadata_crc: crc32fast::hash(&metadata),
            payload_crc,
        };
        let mut head = header.encode().to_vec();
        head.extend_from_slice(&metadata);
        head.resize(payload_offset as usize, 0);
        head
    }
}

impl fmt::Display for TableSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} table", self.puzzle, self.kind)?;
        if self.variant != 0 {
            write!(f, " {}", self.variant)?;
        }
        Ok(())
    }
}

/// Facts about how a table was generated, stored in the file. Deterministic: no times or
/// host names, so the same generator always writes the same bytes.
///
/// Its fields are public because they *are* the file's layout: the generator fills them in
/// and postcard encodes them in this order, so a new field is a new
/// [`FORMAT_VERSION`] whatever the Rust API says (this module is outside the semver
/// promise; see the crate's stability note).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metadata {
    /// What the table holds, in words.
    pub description: String,
    /// The command that generates it.
    pub generated_by: String,
    /// `depth_counts[d]`: how many entries lie at distance `d` from the goal.
    pub depth_counts: Vec<u64>,
    /// Named generation parameters and facts (for example a start cell), in a fixed order.
    pub parameters: Vec<(String, String)>,
}

impl Metadata {
    /// How many entries (or states, for a table not indexed by state) the per-distance counts
    /// add up to, or `None` when the sum overflows, which [`Table::open`](crate::Table::open)
    /// refuses.
    pub fn entry_total(&self) -> Option<u64> {
        self.depth_counts.iter().try_fold(0u64, |total, &count| total.checked_add(count))
    }

    /// The largest distance with an entry, if any.
    pub fn max_depth(&self) -> Option<usize> {
        self.depth_counts.iter().rposition(|&count| count > 0)
    }
}

/// The fixed header, as numbers; see the module documentation for the layout. Its fields
/// are public because they are that layout, field for field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// [`Puzzle`] code.
    pub puzzle: u32,
    /// [`TableKind`] code.
    pub kind: u32,
    /// Which table of its kind.
    pub variant: u32,
    /// [`Encoding`] code.
    pub encoding: u32,
    /// The model's ranking version.
    pub ranking_version: u32,
    /// Number of entries.
    pub entries: u64,
    /// Where the metadata starts.
    pub metadata_offset: u64,
    /// Metadata length in bytes.
    pub metadata_len: u64,
    /// Where the payload starts.
    pub payload_offset: u64,
    /// Payload length in bytes.
    pub payload_len: u64,
    /// CRC-32 of the metadata bytes.
    pub metadata_crc: u32,
    /// CRC-32 of the payload bytes.
    pub payload_crc: u32,
}

/// Why a header could not be decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HeaderError {
    /// The magic bytes are wrong: not a table file.
    #[error("not a puzzle-tables table (wrong magic bytes)")]
    Magic,
    /// Another format version (with a valid header checksum).
    #[error("format version {0}, but this build reads version {FORMAT_VERSION}")]
    Version(u32),
    /// The header checksum does not match: the header is damaged.
    #[error("damaged header (header checksum mismatch)")]
    Checksum,
    /// The header length field is not 128.
    #[error("header length {0}, expected {HEADER_LEN}")]
    Length(u32),
}

impl Header {
    /// The header's 128 bytes, checksum included.
    pub fn encode(&self) -> [u8; HEADER_LEN] {
        let mut bytes = [0u8; HEADER_LEN];
        bytes[0..8].copy_from_slice(&MAGIC);
        let words32 = [
            (8, FORMAT_VERSION),
            (12, HEADER_LEN as u32),
            (16, self.puzzle),
            (20, self.kind),
            (24, self.variant),
            (28, self.encoding),
            (32, self.ranking_version),
            (80, self.metadata_crc),
            (84, self.payload_crc),
        ];
        for (at, value) in words32 {
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
        }
        let words64 = [
            (40, self.entries),
            (48, self.metadata_offset),
            (56, self.metadata_len),
            (64, self.payload_offset),
            (72, self.payload_len),
        ];
        for (at, value) in words64 {
            bytes[at..at + 8].copy_from_slice(&value.to_le_bytes());
        }
        let crc = crc32fast::hash(&bytes[..124]);
        bytes[124..].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Decodes and checks a header's magic, version, checksum and length field.
    pub fn decode(bytes: &[u8; HEADER_LEN]) -> Result<Header, HeaderError> {
        if bytes[0..8] != MAGIC {
            return Err(HeaderError::Magic);
        }
        let checksum_ok = crc32fast::hash(&bytes[..124]) == u32_at(bytes, 124);
        let version = u32_at(bytes, 8);
        if !checksum_ok {
            return Err(HeaderError::Checksum);
        }
        if version != FORMAT_VERSION {
            return Err(HeaderError::Version(version));
        }
        if u32_at(bytes, 12) != HEADER_LEN as u32 {
            return Err(HeaderError::Length(u32_at(bytes, 12)));
        }
        Ok(Header {
            puzzle: u32_at(bytes, 16),
            kind: u32_at(bytes, 20),
            variant: u32_at(bytes, 24),
            encoding: u32_at(bytes, 28),
            ranking_version: u32_at(bytes, 32),
            entries: u64_at(bytes, 40),
            metadata_offset: u64_at(bytes, 48),
            metadata_len: u64_at(bytes, 56),
            payload_offset: u64_at(bytes, 64),
            payload_len: u64_at(bytes, 72),
            metadata_crc: u32_at(bytes, 80),
            payload_crc: u32_at(bytes, 84),
        })
    }
}

fn u32_at(bytes: &[u8; HEADER_LEN], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

fn u64_at(bytes: &[u8; HEADER_LEN], at: usize) -> u64 {
    u64::from(u32_at(bytes, at)) | u64::from(u32_at(bytes, at + 4)) << 32
}

/// Reads entry `index` of a [`Encoding::Packed2`] payload, or `None` past its end.
#[inline]
pub fn packed2_at(payload: &[u8], index: u64) -> Option<u8> {
    let byte = payload.get(usize::try_from(index / 4).ok()?)?;
    Some(byte >> ((index % 4) * 2) & 0b11)
}

/// How many entries a line of an [`Encoding::Lines2`] payload holds: 63 bytes of four.
pub const LINE_ENTRIES: u64 = 252;

/// The base of a [`TableKind::DistanceLevels`] table: its entries tell distances above it
/// apart, and each line's byte bounds the distances at or below it.
pub const LEVELS_BASE: u8 = 9;

/// Where a distance lies against [`LEVELS_BASE`], as a [`TableKind::DistanceLevels`] entry
/// holds it: 0 at or below, then 1, 2, and 3 for three or more above.
pub fn distance_level(distance: u8) -> u8 {
    distance.saturating_sub(LEVELS_BASE).min(3)
}

/// Entry `index` of an [`Encoding::Lines2`] payload and its line's byte, or `None` past
/// its end.
#[inline]
pub fn lines2_at(payload: &[u8], index: u64) -> Option<(u8, u8)> {
    let line = usize::try_from(index / LINE_ENTRIES).ok()?.checked_mul(64)?;
    let k = (index % LINE_ENTRIES) as usize;
    let (head, byte) = (payload.get(line)?, payload.get(line + 1 + k / 4)?);
    Some((byte >> (k % 4 * 2) & 0b11, *head))
}

/// The base-3 digits of every byte, `BASE3_DIGITS[byte][k]` (bytes from 243 on, which no
/// [`Encoding::Base3`] payload holds, read as zeros).
pub static BASE3_DIGITS: [[u8; 5]; 256] = {
    let mut digits = [[0u8; 5]; 256];
    let mut byte = 0;
    while byte < 243 {
        let mut rest = byte;
        let mut k = 0;
        while k < 5 {
            digits[byte][k] = (rest % 3) as u8;
            rest /= 3;
            k += 1;
        }
        byte += 1;
    }
    digits
};

/// Reads entry `index` of a [`Encoding::Base3`] payload, or `None` past its end.
#[inline]
pub fn base3_at(payload: &[u8], index: u64) -> Option<u8> {
    let byte = payload.get(usize::try_from(index / 5).ok()?)?;
    Some(BASE3_DIGITS[usize::from(*byte)][(index % 5) as usize])
}

/// Reads entry `index` of a [`Encoding::Packed4`] payload, or `None` past its end.
pub fn packed4_at(payload: &[u8], index: u64) -> Option<u8> {
    let byte = payload.get(usize::try_from(index / 2).ok()?)?;
    Some(byte >> ((index % 2) * 4) & 0b1111)
}

/// Reads entry `index` of a [`Encoding::Packed1`] payload, or `None` past its end.
pub fn packed1_at(payload: &[u8], index: u64) -> Option<u8> {
    let byte = payload.get(usize::try_from(index / 8).ok()?)?;
    Some(byte >> (index % 8) & 1)
}
