//! Engines ended even when rulecheck is not there to end them: killed
//! with SIGKILL, ended by a second Ctrl-C before its stop was done, or
//! aborted. Each engine runs in a process group of its own (so that a
//! Ctrl-C at the terminal reaches rulecheck, which ends it), and so nothing
//! the terminal or the kernel does to rulecheck reaches the engine or what
//! it started (a shell wrapper's children).
//!
//! Two guards cover that:
//!
//! - the reaper: a small process forked once, before the first engine
//!   starts, in a group of its own and deaf to the terminal's signals. It
//!   reads the groups of the running engines from a pipe whose only writer
//!   is rulecheck, and when that pipe ends (rulecheck is gone, however it
//!   went) it kills every group still listed, and exits. An engine lists
//!   its own group, between its fork and its exec, before any of its code
//!   runs: there is no moment when an engine runs unlisted. rulecheck takes
//!   a group off the list as it ends it, before the engine is reaped, so
//!   that the group's number cannot be reused meanwhile.
//! - on Linux, the engine's parent-death signal: SIGKILL, should the
//!   thread that started it end (a thread of rulecheck starts each engine
//!   and outlives it), for the case where the reaper itself could not be
//!   started.
//!
//! The reaper runs only async-signal-safe code (it is forked from a process
//! with threads, without an exec): plain system calls, no allocation.

#[cfg(unix)]
mod imp {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
    use std::sync::OnceLock;

    /// The write end of the reaper's pipe; `None` where no reaper could be
    /// started (the engines then have only their parent-death signal).
    static REAPER: OnceLock<Option<OwnedFd>> = OnceLock::new();

    /// Most engine groups the reaper keeps at once: far more than engines
    /// run at once (`--jobs` is at most 256 per engine).
    const SLOTS: usize = 4096;

    /// The reaper's pipe, started on first use.
    fn pipe_fd() -> Option<RawFd> {
        REAPER.get_or_init(start).as_ref().map(AsRawFd::as_raw_fd)
    }

    /// Fork the reaper; `None` if the pipe or the fork fails (rulecheck's
    /// file descriptors or processes exhausted): the engines still run.
    fn start() -> Option<OwnedFd> {
        let mut fds = [0 as libc::c_int; 2];
        // SAFETY: `fds` is an array of two descriptors, as pipe2 writes.
        #[cfg(target_os = "linux")]
        let opened = unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } == 0;
        // Elsewhere close-on-exec is set just after: engines start only
        // once the reaper is up, so no engine can inherit the pipe.
        // SAFETY: as above, and fcntl on descriptors just opened.
        #[cfg(not(target_os = "linux"))]
        let opened = unsafe {
            libc::pipe(fds.as_mut_ptr()) == 0
                && libc::fcntl(fds[0], libc::F_SETFD, libc::FD_CLOEXEC) == 0
                && libc::fcntl(fds[1], libc::F_SETFD, libc::FD_CLOEXEC) == 0
        };
        if !opened {
            return None;
        }
        // SAFETY: both descriptors were just opened and are owned here.
        let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        // SAFETY: the child runs only async-signal-safe system calls
        // (`reap`) and ends with _exit, never returning here.
        match unsafe { libc::fork() } {
            -1 => None,
            0 => reap(read.as_raw_fd(), write.as_raw_fd()),
            _ => {
                // The reaper is never waited for: it outlives rulecheck,
                // and init reaps it.
                drop(read);
                Some(write)
            }
        }
    }

    /// The reaper's life: see the module doc.
    fn reap(read: RawFd, write: RawFd) -> ! {
        // SAFETY: plain system calls on descriptors and signals of this
        // process, all async-signal-safe.
        unsafe {
            libc::close(write);
            libc::setpgid(0, 0);
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT, libc::SIGPIPE] {
                libc::signal(signal, libc::SIG_IGN);
            }
            // Standard input and output go to /dev/null, and every other
            // descriptor is closed: a reader of rulecheck's output must
            // see it end when rulecheck ends.
            libc::dup2(read, 0);
            let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
            if null >= 0 {
                libc::dup2(null, 1);
                libc::dup2(null, 2);
            }
            close_from(3);
        }
        let mut groups = [0 as libc::pid_t; SLOTS];
        let mut buf = [0u8; 512];
        let mut line = [0u8; 32];
        let mut len = 0usize;
        loop {
            // SAFETY: reading into a buffer of this stack frame.
            let n = unsafe { libc::read(0, buf.as_mut_ptr().cast(), buf.len()) };
            if n < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            if n <= 0 {
                break;
            }
            for &b in &buf[..n.unsigned_abs()] {
                if b != b'\n' {
                    if len < line.len() {
                        line[len] = b;
                    }
                    len += 1;
                    continue;
                }
                if len <= line.len() {
                    apply(&line[..len], &mut groups);
                }
                len = 0;
            }
        }
        for &g in groups.iter().filter(|&&g| g > 0) {
            // SAFETY: signals to the listed groups and their leaders.
            unsafe {
                libc::kill(-g, libc::SIGKILL);
                libc::kill(g, libc::SIGKILL);
            }
        }
        // SAFETY: the end of the forked child, without running anything of
        // the parent's.
        unsafe { libc::_exit(0) }
    }

    /// Close every descriptor from `first` on.
    ///
    /// # Safety
    /// Async-signal-safe system calls only; the caller owns every
    /// descriptor from `first` on.
    unsafe fn close_from(first: libc::c_int) {
        #[cfg(target_os = "linux")]
        if unsafe { libc::syscall(libc::SYS_close_range, first, libc::c_uint::MAX, 0) } == 0 {
            return;
        }
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        let top = if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            limit.rlim_cur.min(1 << 20) as libc::c_int
        } else {
            1024
        };
        for fd in first..top {
            unsafe { libc::close(fd) };
        }
    }

    /// One line of the pipe: `+PID` lists a group, `-PID` takes it off.
    fn apply(line: &[u8], groups: &mut [libc::pid_t; SLOTS]) {
        let Some((&sign, digits)) = line.split_first() else { return };
        let mut pid: libc::pid_t = 0;
        for &d in digits {
            if !d.is_ascii_digit() {
                return;
            }
            pid = match pid.checked_mul(10).and_then(|p| p.checked_add(libc::pid_t::from(d - b'0'))) {
                Some(p) => p,
                None => return,
            };
        }
        if pid <= 0 {
            return;
        }
        match sign {
            b'+' => {
                if let Some(slot) = groups.iter_mut().find(|g| **g == 0) {
                    *slot = pid;
                }
            }
            b'-' => {
                if let Some(slot) = groups.iter_mut().find(|g| **g == pid) {
                    *slot = 0;
                }
            }
            _ => {}
        }
    }

    /// `+PID\n` or `-PID\n` in `out`, without allocating; its length.
    fn message(sign: u8, pid: u32, out: &mut [u8; 16]) -> usize {
        let mut digits = [0u8; 10];
        let mut n = 0;
        let mut rest = pid;
        loop {
            digits[n] = b'0' + (rest % 10) as u8;
            n += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        out[0] = sign;
        for i in 0..n {
            out[1 + i] = digits[n - 1 - i];
        }
        out[1 + n] = b'\n';
        n + 2
    }

    /// Prepare `cmd` so that the engine it starts is ended with rulecheck:
    /// listed with the reaper from inside the child, and given its
    /// parent-death signal.
    pub(in crate::engine::process) fn guard(cmd: &mut std::process::Command) {
        use std::os::unix::process::CommandExt;
        let reaper = pipe_fd();
        #[cfg(target_os = "linux")]
        // SAFETY: getpid is async-signal-safe.
        let parent = unsafe { libc::getpid() };
        let hook = move || -> std::io::Result<()> {
            // SAFETY: prctl, getppid, getpid and write are
            // async-signal-safe, and `message` neither allocates nor locks.
            unsafe {
                #[cfg(target_os = "linux")]
                {
                    if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    // rulecheck died before the death signal was set.
                    if libc::getppid() != parent {
                        libc::_exit(1);
                    }
                }
                if let Some(fd) = reaper {
                    let mut out = [0u8; 16];
                    let n = message(b'+', libc::getpid().unsigned_abs(), &mut out);
                    // A line this short is written whole, or not at all.
                    let _ = libc::write(fd, out.as_ptr().cast(), n);
                }
            }
            Ok(())
        };
        // SAFETY: the hook runs in the child between fork and exec and does
        // only what is safe there (see above).
        unsafe { cmd.pre_exec(hook) };
    }

    /// Take an engine's group off the reaper's list: rulecheck is ending it
    /// itself, before reaping it.
    pub(in crate::engine::process) fn release(pid: u32) {
        if let Some(Some(fd)) = REAPER.get() {
            let mut out = [0u8; 16];
            let n = message(b'-', pid, &mut out);
            // SAFETY: a write of a buffer of this frame to a descriptor
            // owned by `REAPER`, which is never closed; a line this short
            // is written whole (a pipe's writes up to PIPE_BUF are atomic).
            let _ = unsafe { libc::write(fd.as_raw_fd(), out.as_ptr().cast(), n) };
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn messages_are_read_back_as_written() {
            let mut groups = [0; SLOTS];
            let mut out = [0u8; 16];
            for pid in [1u32, 42, 4_194_304, i32::MAX as u32] {
                let n = message(b'+', pid, &mut out);
                assert_eq!(&out[..n], format!("+{pid}\n").as_bytes());
                apply(&out[..n - 1], &mut groups);
            }
            assert_eq!(groups.iter().filter(|&&g| g > 0).count(), 4);
            let n = message(b'-', 42, &mut out);
            apply(&out[..n - 1], &mut groups);
            assert!(!groups.contains(&42));
            for junk in [&b""[..], b"+", b"+-3", b"+99999999999999", b"*12", b"+0"] {
                apply(junk, &mut groups);
            }
            assert_eq!(groups.iter().filter(|&&g| g > 0).count(), 3);
        }
    }
}

#[cfg(unix)]
pub(super) use imp::{guard, release};

#[cfg(not(unix))]
pub(super) fn guard(_cmd: &mut std::process::Command) {}

#[cfg(not(unix))]
pub(super) fn release(_pid: u32) {}
