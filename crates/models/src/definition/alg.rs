//! Algs in cubing.js's notation: moves with amounts (`R`, `R2`, `R'`, `R2'`, `2R`, `Rw`,
//! `3-4u`), groupings (`(R U)2'`), commutators (`[R, U]`), conjugates (`[R: U]`), pauses
//! (`.`) and line comments (`// …`).
//!
//! A parse error says where the alg went wrong and never prints anything: a server reads
//! users' scrambles through it (cubing_core's parser writes every error to standard error and
//! says only "Invalid alg string").

use std::fmt;

/// A parsed alg: its nodes in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alg(pub Vec<AlgNode>);

/// One node of an [`Alg`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlgNode {
    /// A move: its name (prefix and family, such as `R`, `2R` or `Rw`) and its amount.
    Move {
        /// The move's name without its amount.
        name: String,
        /// How many times it turns; negative turns backwards.
        amount: i32,
    },
    /// `(A)n`: the alg `A` done `n` times.
    Grouping(Alg, i32),
    /// `[A, B]`: `A B A' B'`.
    Commutator(Alg, Alg),
    /// `[A: B]`: `A B A'`.
    Conjugate(Alg, Alg),
}

/// Why a text is no alg: what was expected, and the byte offset where it was not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlgError {
    /// What the parser expected.
    pub expected: &'static str,
    /// The byte offset of the failure.
    pub offset: usize,
    /// The text from there (at most a few characters).
    pub found: String,
}

impl fmt::Display for AlgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not an alg: {} at character {}", self.expected, self.offset + 1)?;
        if self.found.is_empty() {
            f.write_str(" (the end)")
        } else {
            write!(f, " (near {:?})", self.found)
        }
    }
}

impl std::error::Error for AlgError {}

/// The deepest nesting of groupings, commutators and conjugates accepted: enough for any
/// alg a person writes, and a bound on the parser's recursion for a hostile one.
const MAX_NESTING: usize = 64;

impl std::str::FromStr for Alg {
    type Err = AlgError;

    fn from_str(text: &str) -> Result<Alg, AlgError> {
        let mut parser = Parser { text, at: 0 };
        let alg = parser.alg(0)?;
        parser.skip_space();
        match parser.peek() {
            None => Ok(alg),
            Some(_) => Err(parser.error("a move, `(`, `[` or the end")),
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn error(&self, expected: &'static str) -> AlgError {
        AlgError { expected, offset: self.at, found: self.text[self.at..].chars().take(8).collect() }
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.at += c.len_utf8();
        }
        found
    }

    /// Skips white space, pauses and line comments.
    fn skip_space(&mut self) {
        loop {
            let rest = &self.text[self.at..];
            if rest.starts_with("//") {
                self.at += rest.find('\n').unwrap_or(rest.len());
            } else if let Some(c) = self.peek().filter(|&c| c.is_whitespace() || c == '.') {
                self.at += c.len_utf8();
            } else {
                return;
            }
        }
    }

    /// Nodes up to the end, `)`, `]`, `,` or `:`.
    fn alg(&mut self, depth: usize) -> Result<Alg, AlgError> {
        if depth > MAX_NESTING {
            return Err(self.error("at most 64 levels of brackets"));
        }
        let mut nodes = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None | Some(')' | ']' | ',' | ':') => return Ok(Alg(nodes)),
                Some('(') => {
                    self.at += 1;
                    let inner = self.alg(depth + 1)?;
                    if !self.eat(')') {
                        return Err(self.error("`)`"));
                    }
                    nodes.push(AlgNode::Grouping(inner, self.amount()?));
                }
                Some('[') => {
                    self.at += 1;
                    let a = self.alg(depth + 1)?;
                    let commutator = if self.eat(',') {
                        true
                    } else if self.eat(':') {
                        false
                    } else {
                        return Err(self.error("`,` or `:`"));
                    };
                    let b = self.alg(depth + 1)?;
                    if !self.eat(']') {
                        return Err(self.error("`]`"));
                    }
                    nodes.push(if commutator { AlgNode::Commutator(a, b) } else { AlgNode::Conjugate(a, b) });
                }
                Some(_) => nodes.push(self.move_node()?),
            }
        }
    }

    /// A move: an optional layer prefix (`2`, `3-4`), a family of letters and underscores,
    /// then its amount.
    fn move_node(&mut self) -> Result<AlgNode, AlgError> {
        let start = self.at;
        self.digits();
        if self.at > start && self.eat('-') && self.digits() == 0 {
            return Err(self.error("a layer number"));
        }
        let family_start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') {
            self.at += 1;
        }
        if self.at == family_start {
            return Err(self.error("a move"));
        }
        let name = self.text[start..self.at].to_string();
        Ok(AlgNode::Move { name, amount: self.amount()? })
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        self.at - start
    }

    /// An amount: optional digits, then an optional prime (`'` or `’`).
    fn amount(&mut self) -> Result<i32, AlgError> {
        let start = self.at;
        let amount = match self.digits() {
            0 => 1,
            _ => self.text[start..self.at].parse::<i32>().map_err(|_| AlgError {
                expected: "an amount below 2^31",
                offset: start,
                found: self.text[start..self.at].chars().take(8).collect(),
            })?,
        };
        Ok(if self.eat('\'') || self.eat('’') { -amount } else { amount })
    }
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, node) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{node}")?;
        }
        Ok(())
    }
}

impl fmt::Display for AlgNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AlgNode::Move { name, amount } => write!(f, "{name}{}", Amount(*amount)),
            AlgNode::Grouping(alg, amount) => write!(f, "({alg}){}", Amount(*amount)),
            AlgNode::Commutator(a, b) => write!(f, "[{a}, {b}]"),
            AlgNode::Conjugate(a, b) => write!(f, "[{a}: {b}]"),
        }
    }
}

/// An amount as a suffix: nothing for 1, `'` for -1, else the number and a prime if negative.
pub(crate) struct Amount(pub(crate) i32);

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let magnitude = self.0.unsigned_abs();
        if magnitude != 1 {
            write!(f, "{magnitude}")?;
        }
        if self.0 < 0 {
            f.write_str("'")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algs_read_back_as_written() {
        for text in ["", "R U R' U'", "R2' 2R 3-4u Rw", "(R U)2' [R, U] [R: [U, F']]", "x y2 z'"] {
            let alg: Alg = text.parse().unwrap();
            assert_eq!(alg.to_string(), text);
        }
        let alg: Alg = "R . U // a comment\n  F’".parse().unwrap();
        assert_eq!(alg.to_string(), "R U F'");
    }

    #[test]
    fn a_bad_alg_says_where() {
        let error = "R U [R, U".parse::<Alg>().unwrap_err();
        assert_eq!((error.expected, error.offset), ("`]`", 9));
        assert_eq!("R )".parse::<Alg>().unwrap_err().offset, 2);
        assert_eq!("R 2".parse::<Alg>().unwrap_err().expected, "a move");
        assert_eq!("R99999999999".parse::<Alg>().unwrap_err().expected, "an amount below 2^31");
        let deep = "(".repeat(100) + "R" + &")".repeat(100);
        assert!(deep.parse::<Alg>().is_err());
    }
}
