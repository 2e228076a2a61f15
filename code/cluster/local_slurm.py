"""A throw-away single-node Slurm cluster (munge + slurmctld + slurmd) under one directory.

It exists for two jobs: the CI test of the job-array pipeline, and running the book's
CPU-scale studies on one machine through the same scripts a real cluster runs. Everything
lives under ``ROOT`` (key, sockets, state, spool, logs, ``slurm.conf``); nothing under
``/etc`` is touched, and ports are picked free, so two clusters can run side by side::

    python code/cluster/local_slurm.py start ROOT      # prints `export SLURM_CONF=...`
    SLURM_CONF=ROOT/slurm.conf sinfo
    python code/cluster/local_slurm.py stop ROOT

Facts learnt the hard way: every client command needs ``SLURM_CONF``; the munge socket's
directory must be enterable by every user; a state directory left from an earlier run
resurrects its jobs, so ``start`` refuses a non-empty ``ROOT``; cancel jobs before
``scontrol shutdown``.
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

DAEMONS = ("munged", "slurmctld", "slurmd")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LocalSlurm:
    """A cluster under ``root``: :meth:`start` / :meth:`stop`, or ``with LocalSlurm(root):``."""

    def __init__(self, root: str | Path, *, cpus: int | None = None):
        self.root = Path(root).resolve()
        self.cpus = cpus or os.cpu_count() or 1
        self.node = socket.gethostname().split(".")[0]
        self.conf = self.root / "slurm.conf"
        self.socket = self.root / "munge" / "munge.socket.2"

    @property
    def env(self) -> dict[str, str]:
        """The environment every client command (sbatch, squeue, scontrol) must run with."""
        return {**os.environ, "SLURM_CONF": str(self.conf)}

    def client(self, *command: str, check: bool = True, timeout: float = 60
               ) -> subprocess.CompletedProcess:
        return subprocess.run(command, env=self.env, capture_output=True, text=True,
                              check=check, timeout=timeout)

    def _spawn(self, name: str, command: list[str]) -> int:
        log = open(self.root / "log" / f"{name}.out", "ab")  # noqa: SIM115 - the daemon owns it
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=self.env,
                                   start_new_session=True)
        pids = self._pids()
        pids[name] = process.pid
        (self.root / "pids.json").write_text(json.dumps(pids))
        return process.pid

    def _pids(self) -> dict[str, int]:
        path = self.root / "pids.json"
        return json.loads(path.read_text()) if path.exists() else {}

    def _write_config(self) -> None:
        user = getpass.getuser()
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
        r = self.root
        self.conf.write_text(f"""\
ClusterName=dlbook
SlurmctldHost={self.node}(127.0.0.1)
SlurmctldPort={_free_port()}
SlurmdPort={_free_port()}
SlurmUser={user}
SlurmdUser={user}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={self.socket}
StateSaveLocation={r}/state
SlurmdSpoolDir={r}/spool
SlurmctldPidFile={r}/run/slurmctld.pid
SlurmdPidFile={r}/run/slurmd.pid
SlurmctldLogFile={r}/log/slurmctld.log
SlurmdLogFile={r}/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
NodeName={self.node} NodeAddr=127.0.0.1 CPUs={self.cpus} RealMemory={memory} State=UNKNOWN
PartitionName=local Nodes={self.node} Default=YES MaxTime=INFINITE State=UP
""")

    def start(self, *, timeout: float = 90) -> LocalSlurm:
        """Create a fresh cluster under ``root`` and wait until its node accepts jobs."""
        missing = [d for d in ("munged", "munge", "slurmctld", "slurmd", "sbatch")
                   if shutil.which(d) is None and not Path("/usr/sbin", d).exists()]
        if missing:
            raise RuntimeError(f"Slurm/munge programs not found: {missing}; install the Debian "
                               f"packages munge slurmctld slurmd slurm-client")
        if self.root.exists() and any(self.root.iterdir()):
            raise RuntimeError(f"{self.root} is not empty: old Slurm state would resurrect old "
                               f"jobs; pass a new, empty directory")
        for sub in ("munge", "state", "spool", "run", "log"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o755)
        os.chmod(self.root / "munge", 0o755)  # job steps, as any user, must reach the socket
        key = self.root / "munge" / "munge.key"
        key.write_bytes(os.urandom(1024))
        os.chmod(key, 0o400)
        self._write_config()
        self._spawn("munged", [shutil.which("munged") or "/usr/sbin/munged", "--foreground",
                               "--force", f"--socket={self.socket}", f"--key-file={key}",
                               f"--pid-file={self.root}/run/munged.pid",
                               f"--log-file={self.root}/log/munged.log",
                               f"--seed-file={self.root}/munge/munged.seed"])
        self._wait(lambda: self.socket.exists(), timeout, "munged to create its socket")
        self._spawn("slurmctld", [shutil.which("slurmctld") or "/usr/sbin/slurmctld", "-D",
                                  "-f", str(self.conf)])
        self._spawn("slurmd", [shutil.which("slurmd") or "/usr/sbin/slurmd", "-D",
                               "-f", str(self.conf), "-N", self.node])
        self._wait(self._node_ready, timeout, f"node {self.node} to become idle")
        return self

    def _node_ready(self) -> bool:
        for name, pid in self._pids().items():
            if not _alive(pid):
                raise RuntimeError(f"{name} (pid {pid}) exited; see {self.root}/log/")
        done = self.client("sinfo", "-h", "-N", "-o", "%T", check=False, timeout=20)
        return done.returncode == 0 and done.stdout.strip() in {"idle", "mixed", "allocated"}

    def _wait(self, ready, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            if time.monotonic() > deadline:
                raise RuntimeError(f"timed out after {timeout:.0f} s waiting for {what}; "
                                   f"logs: {self.logs()}")
            time.sleep(0.5)

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}"
                         for p in sorted((self.root / "log").glob("*")))

    def stop(self, *, timeout: float = 30) -> None:
        """Cancel every job, shut the Slurm daemons down, then stop munged."""
        pids = self._pids()
        if _alive(pids.get("slurmctld")):
            self.client("scancel", "--user", getpass.getuser(), check=False)
            self.client("scontrol", "shutdown", check=False)
        for name in ("slurmd", "slurmctld", "munged"):
            pid = pids.get(name)
            deadline = time.monotonic() + timeout
            while _alive(pid) and time.monotonic() < deadline:
                if name == "munged":
                    os.kill(pid, signal.SIGTERM)
                time.sleep(0.3)
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)  # only the daemons this object started

    def __enter__(self) -> LocalSlurm:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        waited, _ = os.waitpid(pid, os.WNOHANG)  # reap our own child if it exited
        if waited == pid:
            return False
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=["start", "stop"])
    parser.add_argument("root", help="an empty (or new) directory for the cluster")
    parser.add_argument("--cpus", type=int, default=None, help="CPUs of the node (default: all)")
    args = parser.parse_args(argv)
    cluster = LocalSlurm(args.root, cpus=args.cpus)
    if args.action == "start":
        try:
            cluster.start()
        except BaseException:
            cluster.stop()
            raise
        print(f"export SLURM_CONF={cluster.conf}")
    else:
        cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
