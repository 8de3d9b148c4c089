//! The spec's content hash, over every file's path and bytes. Shared by the
//! build script, which computes it once for the files it embeds, and by the
//! crate's tests, which hold it to what it promises.
//!
//! It is the SHA-256 of a `sha256sum` listing of the spec directory: one
//! line `<hex digest>  <path>` a file, paths relative to the directory with
//! `/` between their parts, in byte order. So a spec directory on disk (an
//! export, a checkout) can be checked against a binary with standard tools:
//!
//! ```text
//! cd spec && find . -type f ! -path '*/.*' | cut -c3- | LC_ALL=C sort | xargs sha256sum | sha256sum
//! ```

use sha2::{Digest, Sha256};

/// The lowercase hex SHA-256 of some bytes.
fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The content hash of a spec given as `(path, bytes)`, paths relative to
/// the spec directory, in any order.
pub fn spec_sha256<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> String {
    let mut files: Vec<(&str, &[u8])> = files.into_iter().collect();
    files.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let listing: String = files.iter().map(|(path, bytes)| format!("{}  {path}\n", hex(bytes))).collect();
    hex(listing.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::spec_sha256;

    #[test]
    fn a_change_of_bytes_or_path_changes_the_hash() {
        let base = spec_sha256([("english/kings.yaml", &b"a: 1\n"[..]), ("reasons.yaml", b"x")]);
        let bytes = spec_sha256([("english/kings.yaml", &b"a: 2\n"[..]), ("reasons.yaml", b"x")]);
        let path = spec_sha256([("english/king.yaml", &b"a: 1\n"[..]), ("reasons.yaml", b"x")]);
        let added = spec_sha256([("english/kings.yaml", &b"a: 1\n"[..]), ("reasons.yaml", b"x"), ("new.md", b"")]);
        assert_eq!(base.len(), 64);
        for other in [&bytes, &path, &added] {
            assert_ne!(&base, other);
        }
    }

    #[test]
    fn the_order_given_does_not_matter() {
        let a = spec_sha256([("b", &b"2"[..]), ("a", b"1")]);
        let b = spec_sha256([("a", &b"1"[..]), ("b", b"2")]);
        assert_eq!(a, b);
    }

    /// The hash is that of `sha256sum`'s listing, as the recipe above
    /// computes it: checked here against digests written out by hand.
    #[test]
    fn it_is_the_sha256_of_a_sha256sum_listing() {
        // sha256("") and sha256("abc"), as every reference lists them.
        let listing = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a/empty\n\
                       ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  b.yaml\n";
        let expected = super::hex(listing.as_bytes());
        assert_eq!(spec_sha256([("b.yaml", &b"abc"[..]), ("a/empty", b"")]), expected);
    }
}
