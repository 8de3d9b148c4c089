//! Where an output file's bytes go, so that writing one never destroys what
//! stands at its path.
//!
//! A regular file is replaced atomically ([`super::write_atomic`]), so a
//! reader sees the old report or the new one, never half of one. Anything
//! else is written through, as a shell's `>` would: a device or a FIFO
//! (`--report /dev/null`, `--report /dev/stdout`, a pipe another program
//! reads) is opened and written, never replaced by a regular file, which as
//! root would destroy `/dev/null` itself. A symbolic link stays a link: the
//! file it leads to is replaced, in the directory where that file lives.
//! The same decision is made before a run starts ([`check_writable`]), so
//! that a report that cannot be written is said at once, not after the
//! minutes the run took.

use std::io::Write;
use std::path::{Path, PathBuf};

/// How an output path is written.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// Opened and written in place: a device, a FIFO, or a file reached
    /// through a file descriptor's name (`/dev/stdout` redirected to a
    /// file), which is appended to, as the stream it stands for would be.
    Through { path: PathBuf, append: bool },
    /// A regular file (or none yet) at this path, after symbolic links:
    /// replaced whole.
    Replace(PathBuf),
}

/// Most symbolic links followed from one path, as the system's own limit.
const MAX_LINKS: usize = 40;

/// What writing `path` would do, or why it cannot be written.
fn target(path: &Path) -> Result<Target, String> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err("it is a directory".to_string()),
        Ok(meta) if meta.is_file() => {
            let linked = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
            if !linked {
                return Ok(Target::Replace(path.to_path_buf()));
            }
            if names_a_descriptor(path) {
                return Ok(Target::Through { path: path.to_path_buf(), append: true });
            }
            let real = std::fs::canonicalize(path).map_err(|e| e.to_string())?;
            Ok(Target::Replace(real))
        }
        Ok(meta) => {
            if is_socket(&meta) {
                return Err(format!(
                    "it is {}, and an output is written to a regular file, a device or a FIFO",
                    super::kind(&meta.file_type())
                ));
            }
            Ok(Target::Through { path: path.to_path_buf(), append: false })
        }
        // Nothing there, or a link to nothing: the file is made where the
        // links lead, and the links are kept.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Target::Replace(follow_links(path)?)),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(unix)]
fn is_socket(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    meta.file_type().is_socket()
}

#[cfg(not(unix))]
fn is_socket(_: &std::fs::Metadata) -> bool {
    false
}

/// The path a chain of symbolic links leads to, whether or not a file is
/// there yet.
fn follow_links(path: &Path) -> Result<PathBuf, String> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::read_link(&at) {
            Ok(next) => {
                at = match at.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                }
            }
            Err(_) => return Ok(at),
        }
    }
    Err("too many levels of symbolic links".to_string())
}

/// Whether the path, or a link on the way from it, is a name the system
/// gives an open file descriptor (`/dev/stdout` leads to `/proc/self/fd/1`).
/// Such a name stands for a stream, not for a file to replace.
fn names_a_descriptor(path: &Path) -> bool {
    let mut at = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    for _ in 0..MAX_LINKS {
        if at.starts_with("/proc") || at.starts_with("/dev/fd") {
            return true;
        }
        match std::fs::read_link(&at) {
            Ok(next) => {
                at = match at.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                }
            }
            Err(_) => return false,
        }
    }
    false
}

/// Write an output file: a regular file replaced atomically (through its
/// symbolic links, which are kept), a device or a FIFO written through. The
/// error names the file.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    match target(path).map_err(|e| fail(&e))? {
        Target::Replace(real) if real == path => super::write_atomic(path, bytes),
        Target::Replace(real) => {
            super::write_atomic(&real, bytes).map_err(|e| format!("{} (by a link): {e}", path.display()))
        }
        Target::Through { path: open, append } => {
            let mut file = std::fs::OpenOptions::new().write(true).append(append).open(open).map_err(|e| fail(&e))?;
            file.write_all(bytes).and_then(|()| file.flush()).map_err(|e| fail(&e))
        }
    }
}

/// Whether an output file can be written, found out before a run rather
/// than after it: the path must not be a directory or a socket, and the
/// directory a regular file goes to must exist and take a new file (a file
/// is made there and removed, which also catches a read-only file system).
/// A device or a FIFO is taken as it is: opening a FIFO to try it would
/// wait for its reader. The error names the file.
pub fn check_writable(path: &Path) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: cannot be written: {e}", path.display());
    let real = match target(path).map_err(|e| fail(&e))? {
        Target::Through { .. } => return Ok(()),
        Target::Replace(real) => real,
    };
    let dir = match real.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match std::fs::metadata(&dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err(fail(&format!("{} is not a directory", dir.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(fail(&format!("the directory {} does not exist", dir.display())))
        }
        Err(e) => return Err(fail(&format!("{}: {e}", dir.display()))),
    }
    let name = real.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map(drop)
        .map_err(|e| fail(&format!("no file can be made in {}: {e}", dir.display())))
}

/// Whether two paths name the same existing file: the same device and
/// inode after symbolic links (so a hard link or a link to an input is
/// caught), or the same path once made canonical.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

// Two attributes rather than `cfg(all(test, unix))`: clippy knows a test
// module by a plain `cfg(test)`, and lets tests unwrap only there.
#[cfg(test)]
#[cfg(unix)]
mod tests {
    use super::*;
    use std::os::unix::fs::FileTypeExt;

    fn mkfifo(path: &Path) {
        let made = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
        assert!(made.success());
    }

    #[test]
    fn a_fifo_is_written_through_to_its_reader_and_stays_a_fifo() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("report.pipe");
        mkfifo(&fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).expect("read the FIFO"))
        };
        write_output(&fifo, b"the report\n").expect("written through");
        assert_eq!(reader.join().expect("reader"), "the report\n");
        let meta = std::fs::symlink_metadata(&fifo).expect("still there");
        assert!(meta.file_type().is_fifo(), "still a FIFO: {:?}", meta.file_type());
        assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1, "no temporary file is left");
    }

    #[test]
    fn a_character_device_stays_a_character_device() {
        // /dev/null is written to only once it is sure to be a device: the
        // test must not be the thing that replaces it.
        let null = Path::new("/dev/null");
        let before = std::fs::symlink_metadata(null).expect("/dev/null");
        assert!(before.file_type().is_char_device(), "/dev/null is not a character device here");
        assert_eq!(target(null), Ok(Target::Through { path: null.to_path_buf(), append: false }));
        write_output(null, b"nothing\n").expect("written through");
        assert!(std::fs::symlink_metadata(null).expect("/dev/null").file_type().is_char_device());
        check_writable(null).expect("a device can be written");
    }

    #[test]
    fn a_link_stays_a_link_and_its_target_gets_the_new_text() {
        let dir = tempfile::tempdir().expect("temp dir");
        let real_dir = dir.path().join("real");
        std::fs::create_dir(&real_dir).expect("dir");
        let file = real_dir.join("report.html");
        std::fs::write(&file, "old").expect("write");
        let link = dir.path().join("latest.html");
        std::os::unix::fs::symlink("real/report.html", &link).expect("symlink");
        write_output(&link, b"new").expect("written");
        assert!(std::fs::symlink_metadata(&link).expect("link").file_type().is_symlink(), "still a link");
        assert_eq!(std::fs::read_link(&link).expect("link"), Path::new("real/report.html"));
        assert_eq!(std::fs::read_to_string(&file).expect("target"), "new");
        // The temporary file went to the target's directory and is gone.
        assert_eq!(std::fs::read_dir(&real_dir).expect("dir").count(), 1);
        assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 2);
    }

    #[test]
    fn a_dangling_link_gets_its_target_made() {
        let dir = tempfile::tempdir().expect("temp dir");
        let link = dir.path().join("latest.html");
        std::os::unix::fs::symlink("made.html", &link).expect("symlink");
        write_output(&link, b"new").expect("written");
        assert!(std::fs::symlink_metadata(&link).expect("link").file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(dir.path().join("made.html")).expect("target"), "new");
    }

    #[test]
    fn a_regular_file_is_still_replaced_whole() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("out.txt");
        let other = dir.path().join("other.txt");
        std::fs::write(&file, "old").expect("write");
        std::fs::hard_link(&file, &other).expect("hard link");
        write_output(&file, b"new").expect("written");
        assert_eq!(std::fs::read_to_string(&file).expect("read"), "new");
        assert_eq!(std::fs::read_to_string(&other).expect("read"), "old", "replaced, not written over");
    }

    #[test]
    fn an_output_nowhere_is_found_before_writing() {
        let dir = tempfile::tempdir().expect("temp dir");
        let missing = dir.path().join("no-such-dir").join("report.html");
        let e = check_writable(&missing).expect_err("no directory");
        assert!(e.contains("does not exist"), "{e}");
        let file = dir.path().join("plain");
        std::fs::write(&file, "x").expect("write");
        let e = check_writable(&file.join("report.html")).expect_err("a file for a directory");
        assert!(e.to_lowercase().contains("not a directory"), "{e}");
        let e = check_writable(dir.path()).expect_err("a directory");
        assert!(e.contains("it is a directory"), "{e}");
        check_writable(&dir.path().join("report.html")).expect("a new file in a directory");
        assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1, "the trial file is gone");
    }

    #[test]
    fn a_read_only_directory_is_found_before_writing() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let locked = dir.path().join("locked");
        std::fs::create_dir(&locked).expect("dir");
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).expect("chmod");
        // Root writes in a read-only directory all the same; then the check
        // rightly lets it.
        let writable = std::fs::write(locked.join("probe"), "x").is_ok();
        let checked = check_writable(&locked.join("report.html"));
        assert_eq!(checked.is_ok(), writable, "{checked:?}");
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }

    #[test]
    fn hard_links_and_links_are_the_same_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let a = dir.path().join("a.yaml");
        std::fs::write(&a, "x").expect("write");
        let hard = dir.path().join("b.yaml");
        std::fs::hard_link(&a, &hard).expect("hard link");
        let soft = dir.path().join("c.yaml");
        std::os::unix::fs::symlink("a.yaml", &soft).expect("symlink");
        assert!(same_file(&a, &hard));
        assert!(same_file(&a, &soft));
        assert!(!same_file(&a, &dir.path().join("missing")));
    }
}
