//! Reading input files and writing output files.
//!
//! Input is read only from regular files, opened without blocking (a FIFO
//! cannot hang a run) and read up to a limit that does not trust the size the
//! file system reports (a device reports 0 and never ends). Output files are
//! written to a temporary file in the same directory and renamed over the
//! target, so that a kill or a full disk leaves the old file or the new one,
//! never half of one; what is not a regular file (a device, a FIFO) is
//! written through, and a symbolic link is kept ([`output`]).

mod output;

pub use output::{check_writable, same_file, write_output};

use std::fs::{FileType, Metadata};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Whether a file is of one kind.
type Is = fn(&FileType) -> bool;

/// What a file that is not a regular file or a directory is, in words.
pub fn kind(file_type: &FileType) -> &'static str {
    // The kinds a file can be but regular, those only Unix has first.
    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt;
    #[cfg(unix)]
    let special: &[(Is, &'static str)] = &[
        (FileType::is_fifo, "a FIFO (named pipe)"),
        (FileType::is_char_device, "a character device"),
        (FileType::is_block_device, "a block device"),
        (FileType::is_socket, "a socket"),
    ];
    #[cfg(not(unix))]
    let special: &[(Is, &'static str)] = &[];
    let common: [(Is, &'static str); 2] =
        [(FileType::is_dir, "a directory"), (FileType::is_symlink, "a symbolic link")];
    special.iter().chain(&common).find(|(is, _)| is(file_type)).map_or("not a regular file", |(_, name)| name)
}

/// Why a file is not read, when it is not a regular file.
pub fn not_regular(meta: &Metadata) -> Option<String> {
    if meta.is_file() {
        return None;
    }
    Some(refusal(&meta.file_type()))
}

/// The message for a file of this type that is not read.
pub fn refusal(file_type: &FileType) -> String {
    match kind(file_type) {
        "not a regular file" => "not read: it is not a regular file, and only regular files are read".to_string(),
        what => format!("not read: it is {what}, and only regular files are read"),
    }
}

/// The bytes of a regular file of at most `max` bytes. The error is a
/// message for the user, without the path.
pub fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    // Look before opening: opening a FIFO waits for a writer, and opening a
    // device may do anything.
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if let Some(why) = not_regular(&meta) {
        return Err(why);
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| io_message(&e))?;
    // The file may have been replaced between the look and the opening.
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if let Some(why) = not_regular(&meta) {
        return Err(why);
    }
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(format!("file is larger than {max} bytes"));
    }
    Ok(bytes)
}

/// An I/O error as a message; when rulecheck itself has run out of file
/// descriptors, the message says that this is rulecheck's own limit, not
/// a fault of the file.
pub fn io_message(e: &std::io::Error) -> String {
    #[cfg(unix)]
    if matches!(e.raw_os_error(), Some(libc::EMFILE | libc::ENFILE)) {
        return format!(
            "{e}: rulecheck's own failure, not the file's: it has run out of file descriptors (raise the limit, e.g. `ulimit -n`)"
        );
    }
    e.to_string()
}

/// The text of a regular UTF-8 file of at most `max` bytes; the error
/// names the file.
pub fn read_text(path: &Path, max: u64) -> Result<String, String> {
    let bytes = read_bounded(path, max).map_err(|e| format!("{}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        format!("{}: not UTF-8 text (invalid byte at offset {})", path.display(), e.utf8_error().valid_up_to())
    })
}

/// Write a file atomically: the bytes go to a temporary file in the same
/// directory, which is synced and then renamed over `path`. On any error
/// the old file, if there was one, is left as it was. The error names the
/// file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    if let Ok(meta) = std::fs::metadata(path) {
        if meta.is_dir() {
            return Err(fail(&"is a directory"));
        }
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // Keep the permissions of the file replaced; a new file gets the usual
    // ones (0666 less the umask) rather than a temporary file's 0600.
    let permissions = match std::fs::metadata(path) {
        Ok(meta) => Some(meta.permissions()),
        Err(_) => default_permissions(),
    };
    if let Some(p) = permissions {
        builder.permissions(p);
    }
    let mut tmp = builder.tempfile_in(&dir).map_err(|e| fail(&io_message(&e)))?;
    tmp.write_all(bytes).map_err(|e| fail(&e))?;
    tmp.flush().map_err(|e| fail(&e))?;
    // A full disk may only show when the data reaches it.
    tmp.as_file().sync_all().map_err(|e| fail(&e))?;
    tmp.persist(path).map_err(|e| fail(&e.error))?;
    Ok(())
}

#[cfg(unix)]
fn default_permissions() -> Option<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(std::fs::Permissions::from_mode(0o666))
}

#[cfg(not(unix))]
fn default_permissions() -> Option<std::fs::Permissions> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn running_out_of_descriptors_is_said_to_be_rulechecks_own_failure() {
        let e = std::io::Error::from_raw_os_error(libc::EMFILE);
        assert!(io_message(&e).contains("rulecheck's own failure, not the file's"));
        let e = std::io::Error::from_raw_os_error(libc::ENOENT);
        assert_eq!(io_message(&e), e.to_string());
    }

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("out.txt");
        std::fs::write(&file, "old").expect("write");
        write_atomic(&file, b"new").expect("atomic write");
        assert_eq!(std::fs::read_to_string(&file).expect("read"), "new");
        let names: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").filter_map(|e| e.ok()).collect();
        assert_eq!(names.len(), 1, "only the file itself is left");
    }

    #[test]
    fn a_failed_atomic_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("missing-dir").join("out.txt");
        assert!(write_atomic(&file, b"new").is_err());
        let file = dir.path().join("out.txt");
        std::fs::write(&file, "old").expect("write");
        // A directory in the way of the rename.
        let blocked = dir.path().join("sub");
        std::fs::create_dir(&blocked).expect("dir");
        assert!(write_atomic(&blocked, b"new").is_err());
        assert_eq!(std::fs::read_to_string(&file).expect("read"), "old");
    }

    #[test]
    fn reading_stops_at_the_limit() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("big.txt");
        std::fs::write(&file, "x".repeat(11)).expect("write");
        assert!(read_bounded(&file, 10).is_err_and(|e| e.contains("larger than 10 bytes")));
        assert_eq!(read_bounded(&file, 11).expect("fits").len(), 11);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_without_reading_it() {
        let e = read_bounded(Path::new("/dev/zero"), 10).expect_err("a device");
        assert!(e.contains("a character device"), "{e}");
    }
}
