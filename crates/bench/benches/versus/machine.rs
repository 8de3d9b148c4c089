//! What a record says of where and when it was taken, and of which
//! rulecheck: read from /proc, git and the binary itself.

use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use rulecheck_bench::record::{Build, Machine};

/// /proc/loadavg's three averages; zeros where it cannot be read.
pub fn load() -> [f64; 3] {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut avg = [0.0; 3];
    for (slot, word) in avg.iter_mut().zip(text.split_whitespace()) {
        *slot = word.parse().unwrap_or(0.0);
    }
    avg
}

/// The processor's model and how many the system lists.
pub fn machine(load_before: [f64; 3]) -> Machine {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = info
        .lines()
        .find_map(|l| l.strip_prefix("model name").and_then(|r| r.split_once(':')).map(|(_, v)| v.trim().to_string()))
        .unwrap_or_else(|| "unknown".to_string());
    let listed = info.lines().filter(|l| l.starts_with("processor")).count();
    let cores = if listed > 0 { listed } else { std::thread::available_parallelism().map_or(0, |n| n.get()) };
    Machine { cpu, cores, load_before, load_after: load_before }
}

/// A program's output, trimmed, or `None` if it could not run or failed.
fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The workspace's commit, whether tracked files differ from it, and the
/// binary's own version line; `shown`, the binary's path as records show it.
pub fn build(workspace: &Path, binary: &Path, shown: String) -> Build {
    let dir = workspace.to_string_lossy();
    let commit = output("git", &["-C", &dir, "rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".to_string());
    let dirty =
        output("git", &["-C", &dir, "status", "--porcelain", "--untracked-files=no"]).is_none_or(|s| !s.is_empty());
    let bin = binary.to_string_lossy();
    let version = output(&bin, &["--version"]).unwrap_or_else(|| "unknown".to_string());
    Build { commit, dirty, version, binary: shown }
}

/// Whether the binary is older than the last commit that changed what it
/// is built from (so that it may not be the code the record names); the
/// benchmarks, the tests and the book are not part of it.
pub fn stale(workspace: &Path, binary: &Path) -> bool {
    let dir = workspace.to_string_lossy();
    let sources = ["--", "src", "crates", "spec", "Cargo.toml", "Cargo.lock", ":!crates/bench"];
    let args: Vec<&str> = ["-C", &dir, "log", "-1", "--format=%ct"].into_iter().chain(sources).collect();
    let committed = output("git", &args).and_then(|s| s.parse::<u64>().ok());
    let built = std::fs::metadata(binary)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map(|d| d.as_secs());
    matches!((committed, built), (Some(c), Some(b)) if b < c)
}

/// Now, UTC, as `YYYY-MM-DDTHH:MM:SSZ` (the civil date from the days since
/// 1970, as in Howard Hinnant's `civil_from_days`).
pub fn now() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64;
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rest / 3600, rest / 60 % 60, rest % 60)
}
