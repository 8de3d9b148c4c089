//! A single-node Slurm cluster of the system's packages (slurm-wlm, munge)
//! in a temporary directory: a munge key and munged on a socket of its
//! own, a minimal slurm.conf on free ports, slurmctld and slurmd as root;
//! all ended when the cluster is dropped. Nothing is installed: where a
//! program is missing or a daemon does not come up, `start` says why.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The programs the cluster needs.
const PROGRAMS: [&str; 8] = ["mungekey", "munged", "slurmctld", "slurmd", "sbatch", "scancel", "scontrol", "sinfo"];

/// How long the daemons get to come up, and a job to end: hang guards.
const LIMIT: Duration = Duration::from_secs(120);

pub struct Cluster {
    dir: PathBuf,
}

/// A program of the packages: on the PATH, or in /usr/sbin (not on a
/// user's PATH everywhere).
fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/usr/bin")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

fn run(dir: &Path, name: &str, args: &[&str]) -> Result<Output, String> {
    let exe = program(name).ok_or_else(|| format!("{name} is not installed"))?;
    Command::new(exe)
        .args(args)
        .current_dir(dir)
        .env("SLURM_CONF", dir.join("slurm.conf"))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{name}: {e}"))
}

fn ok(dir: &Path, name: &str, args: &[&str]) -> Result<String, String> {
    let o = run(dir, name, args)?;
    if !o.status.success() {
        return Err(format!("{name} {}: {}\n{}", args.join(" "), o.status, String::from_utf8_lossy(&o.stderr)));
    }
    Ok(String::from_utf8_lossy(&o.stdout).into_owned())
}

/// A free TCP port on this machine.
fn free_port() -> Result<u16, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    l.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

impl Cluster {
    /// The cluster in `dir`, up and its node idle; or why it cannot be.
    pub fn start(dir: &Path) -> Result<Cluster, String> {
        // /proc/self belongs to the process's effective user.
        let root =
            std::os::unix::fs::MetadataExt::uid(&std::fs::metadata("/proc/self").map_err(|e| e.to_string())?) == 0;
        if !root {
            return Err("slurmd runs jobs as root only: the test is not root".into());
        }
        if let Some(missing) = PROGRAMS.iter().find(|p| program(p).is_none()) {
            return Err(format!("{missing} is not installed (apt-get install slurm-wlm munge)"));
        }
        for sub in ["state", "spool", "munge", "out"] {
            std::fs::create_dir_all(dir.join(sub)).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        // The socket's directories must be open to all for munge.
        use std::os::unix::fs::PermissionsExt;
        for d in [dir.to_path_buf(), dir.join("munge")] {
            let _ = std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o711));
        }
        // From here on, Drop ends whatever was started.
        let cluster = Cluster { dir: dir.to_path_buf() };
        let m = dir.join("munge");
        let key = s(&m.join("munge.key"));
        ok(dir, "mungekey", &["-c", "-b", "1024", "-k", &key])?;
        let sock = s(&m.join("munge.sock"));
        let (log, pid, seed) = (s(&m.join("munged.log")), s(&m.join("munged.pid")), s(&m.join("munged.seed")));
        ok(
            dir,
            "munged",
            &[
                "--force",
                "-S",
                &sock,
                &format!("--key-file={key}"),
                &format!("--log-file={log}"),
                &format!("--pid-file={pid}"),
                &format!("--seed-file={seed}"),
            ],
        )?;
        let host = String::from_utf8_lossy(&run(dir, "hostname", &["-s"])?.stdout).trim().to_string();
        let host = if host.is_empty() { "localhost".to_string() } else { host };
        let (ctld, slurmd) = (free_port()?, free_port()?);
        let d = s(dir);
        let conf = format!(
            "ClusterName=rulecheck\nSlurmctldHost={host}\nSlurmUser=root\nSlurmdUser=root\n\
             AuthType=auth/munge\nAuthInfo=socket={sock}\nCredType=cred/munge\n\
             SlurmctldPort={ctld}\nSlurmdPort={slurmd}\nStateSaveLocation={d}/state\nSlurmdSpoolDir={d}/spool\n\
             SlurmctldPidFile={d}/slurmctld.pid\nSlurmdPidFile={d}/slurmd.pid\n\
             SlurmctldLogFile={d}/slurmctld.log\nSlurmdLogFile={d}/slurmd.log\n\
             ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nSelectType=select/cons_tres\n\
             SelectTypeParameters=CR_CPU\nSchedulerType=sched/builtin\nReturnToService=2\nMpiDefault=none\n\
             JobCompType=jobcomp/none\nJobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n\
             SlurmdParameters=config_overrides\nKillWait=5\n\
             NodeName={host} CPUs=4 State=UNKNOWN\n\
             PartitionName=batch Nodes={host} Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES\n"
        );
        std::fs::write(dir.join("slurm.conf"), conf).map_err(|e| e.to_string())?;
        let conf = s(&dir.join("slurm.conf"));
        ok(dir, "slurmctld", &["-f", &conf, "-i"])?;
        ok(dir, "slurmd", &["-f", &conf])?;
        let deadline = Instant::now() + LIMIT;
        loop {
            let state = ok(dir, "sinfo", &["-h", "-o", "%t"]).unwrap_or_default();
            if state.trim() == "idle" {
                return Ok(cluster);
            }
            if Instant::now() > deadline {
                return Err(format!("the node did not come up (sinfo: {:?})\n{}", state.trim(), cluster.logs()));
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// The daemons' logs, for a failure.
    pub fn logs(&self) -> String {
        let mut text = String::new();
        for f in ["slurmctld.log", "slurmd.log", "munge/munged.log"] {
            let log = std::fs::read_to_string(self.dir.join(f)).unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(15).collect();
            text.push_str(&format!("--- {f}\n{}\n", tail.into_iter().rev().collect::<Vec<_>>().join("\n")));
        }
        text
    }

    /// The plan in `work` (plan.json) as an array job of `workers` tasks,
    /// `--index auto` from SLURM_ARRAY_TASK_ID. The `victim` task is
    /// stopped after its first record and cancelled with `scancel` (its
    /// perft-work gets SIGTERM), then submitted again alone. Returns the
    /// records directory.
    pub fn work(&self, work: &Path, rulecheck: &str, workers: usize, victim: usize) -> Result<PathBuf, String> {
        let records = work.join("slurm-records");
        let w = s(work);
        let script = format!(
            "#!/bin/sh\n\
             cd {w}\n\
             if [ \"$SLURM_ARRAY_TASK_ID\" = {victim} ] && [ ! -e stopped ]; then\n\
             \x20 {rulecheck} perft-work plan.json --index auto --count {workers} -O slurm-records/ & pid=$!\n\
             \x20 until [ -s slurm-records/records-{victim}.jsonl ] || ! kill -0 $pid 2>/dev/null; do sleep 0.01; done\n\
             \x20 kill -STOP $pid 2>/dev/null\n\
             \x20 echo \"${{SLURM_ARRAY_JOB_ID}}_${{SLURM_ARRAY_TASK_ID}}\" > stopped.tmp && mv stopped.tmp stopped\n\
             \x20 wait $pid\n\
             else\n\
             \x20 exec {rulecheck} perft-work plan.json --index auto --count {workers} -O slurm-records/\n\
             fi\n"
        );
        let job = work.join("perft.sbatch");
        std::fs::write(&job, script).map_err(|e| e.to_string())?;
        let out = format!("{}/out/slurm-%A_%a.out", s(&self.dir));
        let array = format!("--array=0-{}", workers - 1);
        let sbatch = program("sbatch").ok_or("sbatch is not installed")?;
        let mut first = Command::new(&sbatch)
            .args(["--wait", "--job-name=rulecheck-perft", &array, "-o", &out, &s(&job)])
            .current_dir(work)
            .env("SLURM_CONF", self.dir.join("slurm.conf"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("sbatch: {e}"))?;
        let deadline = Instant::now() + LIMIT;
        let stopped = work.join("stopped");
        while !stopped.exists() {
            if Instant::now() > deadline {
                let _ = first.kill();
                return Err("the victim task did not start".into());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let element = std::fs::read_to_string(&stopped).map_err(|e| e.to_string())?.trim().to_string();
        let victim_file = records.join(format!("records-{victim}.jsonl"));
        let before = std::fs::read_to_string(&victim_file).unwrap_or_default().matches('\n').count();
        ok(&self.dir, "scancel", &[&element])?;
        let status = loop {
            if let Some(st) = first.try_wait().map_err(|e| e.to_string())? {
                break st;
            }
            if Instant::now() > deadline {
                let _ = first.kill();
                return Err("the array job did not end".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        eprintln!("Slurm: task {element} cancelled with {before} of its units recorded; the array job ended {status}");
        let again = format!("--array={victim}");
        ok(&self.dir, "sbatch", &["--wait", "--job-name=rulecheck-perft", &again, "-o", &out, &s(&job)])
            .map_err(|e| format!("{e}\n{}", self.logs()))?;
        Ok(records)
    }
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

impl Drop for Cluster {
    /// The daemons ended: slurmctld and slurmd by `scontrol shutdown`,
    /// munged by its `--stop`; any still there after that by the process
    /// ids in their pid files (the processes this cluster started).
    fn drop(&mut self) {
        let _ = run(&self.dir, "scontrol", &["shutdown"]);
        let sock = s(&self.dir.join("munge/munge.sock"));
        std::thread::sleep(Duration::from_secs(1));
        let _ = run(&self.dir, "munged", &["-S", &sock, "--stop"]);
        for (pid_file, name) in
            [("slurmctld.pid", "slurmctld"), ("slurmd.pid", "slurmd"), ("munge/munged.pid", "munged")]
        {
            let Ok(text) = std::fs::read_to_string(self.dir.join(pid_file)) else { continue };
            let Ok(pid) = text.trim().parse::<i32>() else { continue };
            // Only the daemon itself: a pid may have been given to another
            // process since.
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            if String::from_utf8_lossy(&cmdline).contains(name) {
                let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
            }
        }
    }
}
