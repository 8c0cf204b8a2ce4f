"""Fixtures for testing "open a remote profile over SSH/SFTP" against a real, private OpenSSH server.

Nothing here touches the system's sshd, /etc/ssh or the user's real ~/.ssh: every key, config,
known_hosts file and log lives under pytest's temp folder, and the servers listen on 127.0.0.1
on free ports. Run with Debian's python: `/usr/bin/python3 -m pytest -q tests/remote`.

Fixtures
--------
ssh_home (session) -> SshHome
    A temp dir to use as HOME. `.ssh/` (mode 700) holds `id_ed25519` (no passphrase),
    `id_encrypted` (ed25519, passphrase KEY_PASSPHRASE), `authorized_keys` (both keys),
    `known_hosts` (empty until trust() is called) and `config` (written by write_config()).
    Helpers:
      trust(server, key_line=None)  append `[127.0.0.1]:PORT ssh-ed25519 AAAA...` to known_hosts
                                    (key_line overrides the key, e.g. to plant a wrong one)
      forget(server=None)           remove server's entries from known_hosts (None: all)
      known_hosts_line(server)      the line trust() writes
      write_config(*blocks, default_identity="plain")
                                    write ~/.ssh/config from host_block()s plus a trailing `Host *`
                                    block (UserKnownHostsFile, GlobalKnownHostsFile /dev/null,
                                    BatchMode, StrictHostKeyChecking yes, ConnectTimeout,
                                    IdentityFile); returns the path
      host_block(alias, server, identity="plain", proxy_jump=None, user=None,
                 proxy_command=False, **options)
                                    `Host alias` / HostName / Port / User / IdentityFile /
                                    [ProxyJump] (+ any extra `Key value` options). identity is
                                    "plain", "encrypted", None (a key file that does not exist, so
                                    only an agent's keys can work and no client falls back to the
                                    real ~/.ssh/id_*), or a path. proxy_jump is an alias or a server;
                                    proxy_command=True writes the hop as
                                    `ProxyCommand ssh -F <this config> -W '[%h]:%p' <jump>` (needed
                                    with libssh 0.10, which turns ProxyJump into `ssh -W ...`
                                    WITHOUT -F, so that ssh would read the passwd home's ~/.ssh).
                                    IdentityFile lines add up over all matching blocks (OpenSSH and
                                    libssh), and `Host *` adds default_identity: pass
                                    write_config(..., default_identity=None) to offer one key only.
      reset()                       remove config, empty known_hosts (ssh_env does this per test)
      env(agent=None)               os.environ with HOME=this dir and no SSH_AUTH_SOCK/SSH_AGENT_PID
                                    (unless agent is given)
      askpass_env(passphrase)       env additions making OpenSSH tools read a passphrase
                                    non-interactively (SSH_ASKPASS + SSH_ASKPASS_REQUIRE=force;
                                    `ssh` also needs `-o BatchMode=no`, the config says yes)
    All paths written into the config are ABSOLUTE. Both OpenSSH and libssh 0.10 expand `~` via
    the password database (getpwuid), not $HOME; libssh also reads `~/.ssh/config` and
    `~/.ssh/known_hosts` from the passwd home unless the program sets SSH_OPTIONS_SSH_DIR (e.g.
    from $HOME). OpenSSH clients in tests should get `-F <ssh_home.config>`.

sshd, jump_sshd (session) -> SshServer;  fresh_sshd (function) -> SshServer
    `/usr/sbin/sshd -D -e -f CONFIG` on 127.0.0.1:<free port> with its own ed25519 host key,
    AuthorizedKeysFile = ssh_home's authorized_keys, pubkey auth only, TCP forwarding allowed
    (jump_sshd is the ProxyJump host), sftp subsystem `/usr/lib/openssh/sftp-server -e -l INFO`.
    Use fresh_sshd for tests that kill the server or change its host key; the session servers
    are shared (ssh_env restarts `sshd` if a test left it dead).
    Attributes: host, port, user, dir, config, log (sshd's stderr), sftp_log (sftp-server's
    stderr), host_key, host_pubkey (path), host_pubkey_line ("ssh-ed25519 AAAA..."),
    known_hosts_line, url(path) -> "ssh://user@127.0.0.1:PORT/abs/path".
    Methods:
      mark()                        remember the end of both logs; bytes_read()/log_since_mark()
                                    then only look at what comes after
      bytes_read(path_substring=None)
                                    sum of `close "PATH" bytes read N written M` since mark()
      wait_bytes_read(n, path_substring=None, timeout=5)
                                    poll until bytes_read() >= n (sftp-server logs at close or
                                    when the session ends); returns the final figure
      log_since_mark(), wait_for_log(text, timeout=5)
      kill()                        SIGKILL the server AND its per-connection processes (open
                                    connections drop, as if the machine died); reaps them all
      restart()                     kill() if running, start again on the same port
      replace_host_key()            new host key + restart; known_hosts keeps the old one, so
                                    clients see a changed host key. Returns the new key line.
      listener()                    the listening sshd's pid
      connection_processes()        every process below the listener (per-connection sshd
                                    processes, shells, subsystems)
      sftp_servers()                the pids of the sftp-server processes among them
      ensure_running(), stop()

ssh_agent (function) -> SshAgent
    `ssh-agent -D -a SOCK` holding id_ed25519; .sock, .add(key_path, passphrase=None),
    .env (the SSH_AUTH_SOCK to merge). Stopped after the test.

askpass_env(directory, passphrase=KEY_PASSPHRASE) -> dict (function, not a fixture)
    SSH_ASKPASS + SSH_ASKPASS_REQUIRE=force: OpenSSH tools read the passphrase without a tty.

ssh_env (function) -> dict
    The environment for a child process: ssh_home.reset(), trust(sshd), HOME=ssh_home;
    SSH_AUTH_SOCK only if the test also requests ssh_agent.

random_file (session) -> str: a 1 MiB file of random bytes (absolute path, readable over sftp).

required_import (session) -> function(name) -> module
    Imports a module a test needs (popscope.pva, paramiko). Run through ctest (POPSCOPE_CLI set),
    the build provides popscope.pva and the package lists provide paramiko, so a failed import
    fails the test; run by hand without them, it skips the test.

Example (a C++ CLI test):
    def test_summary_over_sftp(sshd, ssh_home, ssh_env, cli, demo_pop):
        ssh_home.write_config()                      # only the `Host *` defaults
        sshd.mark()
        out = subprocess.run([cli, "summary", sshd.url(demo_pop)], env=ssh_env, ...)
        assert sshd.wait_bytes_read(1, demo_pop) < os.path.getsize(demo_pop)

Notes: each sshd and ssh-agent runs under a small Python parent (spawn_reaped) that is a
child-subreaper: it reaps all that sshd leaves behind (sshd orphans its preauth child when a
client hangs up early; PID 1 in some containers reaps late, and zombies show up in `pgrep sshd`),
and it kills its whole tree if the test run itself dies (PR_SET_PDEATHSIG), so no server
outlives a killed pytest. The sftp-server's log reaches sftp_log because the Subsystem line
ends in `2>>SFTP_LOG` (sshd runs subsystems through the user's login shell, and a subsystem's
stderr is otherwise dropped, not forwarded to sshd's log). That shell skips the user's rc file
(`SetEnv SHLVL=1`: bash reads ~/.bashrc for sshd only as a top-level shell): an rc file that does
slow work would delay every session, and one that takes a lock (pyenv's rehash) and is killed
with the server leaves it held, so that every later session waited 60 s for it and the suite
timed out. When run as root, /run/sshd (sshd's privilege separation dir) is created if missing.
As non-root, sshd can only log in the user running it, which is the user the fixtures use.
"""
import contextlib
import importlib
import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

SSHD = "/usr/sbin/sshd"
SFTP_SERVER = "/usr/lib/openssh/sftp-server"
KEY_PASSPHRASE = "popscope-test-passphrase"
HOST = "127.0.0.1"
START_TIMEOUT = 10.0
_SSH_ENV_VARS = ("SSH_AUTH_SOCK", "SSH_AGENT_PID", "SSH_ASKPASS", "SSH_ASKPASS_REQUIRE")
_BYTES_READ = re.compile(r'close "(.*)" bytes read (\d+) written \d+')


def current_user():
    """The login name of this uid (sshd authenticates uids, not $USER)."""
    return pwd.getpwuid(os.getuid()).pw_name


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def keygen(path, passphrase="", comment="popscope-test"):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", passphrase, "-C", comment, "-f", str(path)],
                   check=True, stdin=subprocess.DEVNULL)
    return str(path)


def _pub_line(pub_path):
    """'ssh-ed25519 AAAA...' without the comment."""
    with open(pub_path) as f:
        return " ".join(f.read().split()[:2])


def askpass_env(directory, passphrase=KEY_PASSPHRASE):
    """Env additions that make ssh/ssh-add/sftp read `passphrase` without a terminal."""
    script = os.path.join(str(directory), "askpass.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\nprintf '%s\\n' \"$POPSCOPE_TEST_PASSPHRASE\"\n")
    os.chmod(script, 0o700)
    return {"SSH_ASKPASS": script, "SSH_ASKPASS_REQUIRE": "force", "POPSCOPE_TEST_PASSPHRASE": passphrase}


def _tail(path, limit=4000):
    try:
        with open(path, errors="replace") as f:
            return f.read()[-limit:]
    except OSError as e:
        return f"<{e}>"


# --- process-tree cleanup -------------------------------------------------------------------
# Each sshd runs under a tiny Python parent that is a child-subreaper: whatever sshd orphans (it
# leaves its preauth child to init when a client hangs up early) or we kill is re-parented to it
# and reaped at once. PID 1 in some containers reaps late, and zombies show up in `pgrep sshd`.
_REAPER = r"""
import ctypes, os, signal, sys
prctl = ctypes.CDLL(None).prctl
prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
prctl(36, 1, 0, 0, 0)               # PR_SET_CHILD_SUBREAPER: orphans below us come to us
prctl(1, signal.SIGTERM, 0, 0, 0)   # PR_SET_PDEATHSIG: SIGTERM when the test run dies

def descendants():
    children = {}
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as f:
                children.setdefault(int(f.read().rsplit(")", 1)[1].split()[1]), []).append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    out, todo = [], [os.getpid()]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out

def kill_all(*_):
    for pid in descendants():
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

signal.signal(signal.SIGTERM, kill_all)
if os.getppid() != int(sys.argv[1]):  # the test run died before PDEATHSIG was set
    sys.exit(1)
child, code = os.fork(), 1
if child == 0:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.execvp(sys.argv[2], sys.argv[2:])
while True:
    try:
        pid, status = os.waitpid(-1, 0)
    except ChildProcessError:
        break
    if pid == child:
        code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
"""


def spawn_reaped(args, **popen_kwargs):
    """Popen(args) under a reaper parent: it reaps every orphan below it, and kills them all on
    SIGTERM or when this process dies. Stop it with kill_tree(returned Popen)."""
    return subprocess.Popen([sys.executable, "-c", _REAPER, str(os.getpid()), *args], **popen_kwargs)


def _children_map():
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    return children


def _descendants(pid):
    children, out, todo = _children_map(), [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def _argv0(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().split(b"\0")[0].decode(errors="replace")
    except OSError:
        return ""


def kill_tree(reaper):
    """SIGKILL everything below the reaper Popen (sshd and its connections) at once; the reaper
    reaps them and exits."""
    if reaper.poll() is not None:
        return
    for _ in range(3):  # stop the listener first, so it forks no new connection meanwhile
        pids = _descendants(reaper.pid)
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)
        if not pids or set(_descendants(reaper.pid)) <= set(pids):
            break
    for pid in _descendants(reaper.pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    try:
        reaper.wait(timeout=5)
    except subprocess.TimeoutExpired:
        reaper.kill()
        reaper.wait()


# --- the home folder ------------------------------------------------------------------------

class SshHome:
    def __init__(self, path):
        self.path = str(path)
        self.ssh_dir = os.path.join(self.path, ".ssh")
        os.makedirs(self.ssh_dir, mode=0o700, exist_ok=True)
        os.chmod(self.ssh_dir, 0o700)
        self.plain_key = keygen(os.path.join(self.ssh_dir, "id_ed25519"), comment="popscope-test-plain")
        self.encrypted_key = keygen(os.path.join(self.ssh_dir, "id_encrypted"), KEY_PASSPHRASE,
                                    comment="popscope-test-encrypted")
        self.absent_key = os.path.join(self.ssh_dir, "id_absent")
        self.passphrase = KEY_PASSPHRASE
        self.authorized_keys = os.path.join(self.ssh_dir, "authorized_keys")
        with open(self.authorized_keys, "w") as f:
            for key in (self.plain_key, self.encrypted_key):
                with open(key + ".pub") as pub:
                    f.write(pub.read())
        os.chmod(self.authorized_keys, 0o600)
        self.known_hosts = os.path.join(self.ssh_dir, "known_hosts")
        self.config = os.path.join(self.ssh_dir, "config")
        self.reset()

    # known_hosts
    def known_hosts_line(self, server, key_line=None):
        return f"[{server.host}]:{server.port} {key_line or server.host_pubkey_line}"

    def trust(self, server, key_line=None):
        with open(self.known_hosts, "a") as f:
            f.write(self.known_hosts_line(server, key_line) + "\n")

    def forget(self, server=None):
        """Remove server's entries from known_hosts (all entries if server is None)."""
        keep = []
        if server is not None:
            with open(self.known_hosts) as f:
                keep = [line for line in f if not line.startswith(f"[{server.host}]:{server.port} ")]
        with open(self.known_hosts, "w") as f:
            f.writelines(keep)

    def reset(self):
        self.forget()
        with contextlib.suppress(FileNotFoundError):
            os.remove(self.config)

    # ~/.ssh/config
    def _identity(self, identity):
        return {"plain": self.plain_key, "encrypted": self.encrypted_key, None: self.absent_key}.get(
            identity, identity)

    def host_block(self, alias, server, identity="plain", proxy_jump=None, user=None, proxy_command=False,
                   **options):
        lines = [f"Host {alias}", f"    HostName {server.host}", f"    Port {server.port}",
                 f"    User {user or server.user}", f"    IdentityFile {self._identity(identity)}"]
        if proxy_jump is not None:
            if not isinstance(proxy_jump, str):
                proxy_jump = f"{proxy_jump.user}@{proxy_jump.host}:{proxy_jump.port}"
            if proxy_command:  # the jump as an explicit `ssh -F THIS_CONFIG -W`, see the docstring
                lines.append(f"    ProxyCommand ssh -F {self.config} -W '[%h]:%p' {proxy_jump}")
            else:
                lines.append(f"    ProxyJump {proxy_jump}")
        lines += [f"    {key} {value}" for key, value in options.items()]
        return "\n".join(lines) + "\n"

    def write_config(self, *blocks, default_identity="plain"):
        defaults = ["Host *", f"    UserKnownHostsFile {self.known_hosts}", "    GlobalKnownHostsFile /dev/null",
                    "    StrictHostKeyChecking yes", "    BatchMode yes", "    ConnectTimeout 5",
                    f"    IdentityFile {self._identity(default_identity)}"]
        with open(self.config, "w") as f:
            f.write("\n".join([*blocks, "\n".join(defaults) + "\n"]))
        os.chmod(self.config, 0o600)
        return self.config

    # environments
    def env(self, agent=None):
        env = {k: v for k, v in os.environ.items() if k not in _SSH_ENV_VARS}
        env["HOME"] = self.path
        if agent is not None:
            env.update(agent.env)
        return env

    def askpass_env(self, passphrase=KEY_PASSPHRASE):
        return askpass_env(self.path, passphrase)


# --- the servers ----------------------------------------------------------------------------

class SshServer:
    def __init__(self, directory, authorized_keys, user=None, subsystem=None):
        self.dir = str(directory)
        if any(c.isspace() for c in self.dir):
            raise RuntimeError(f"sshd's Subsystem line can't hold a path with spaces: {self.dir}")
        os.makedirs(self.dir, exist_ok=True)
        self.host, self.port, self.user = HOST, free_port(), user or current_user()
        self.authorized_keys = authorized_keys
        self.host_key = os.path.join(self.dir, "ssh_host_ed25519_key")
        self.host_pubkey = self.host_key + ".pub"
        self.config = os.path.join(self.dir, "sshd_config")
        self.log = os.path.join(self.dir, "sshd.log")
        self.sftp_log = os.path.join(self.dir, "sftp-server.log")
        self.pid_file = os.path.join(self.dir, "sshd.pid")
        self.proc = None
        self.subsystem = subsystem or f"{SFTP_SERVER} -e -l INFO 2>>{self.sftp_log}"
        self._marks = (0, 0)
        for path in (self.log, self.sftp_log):
            open(path, "a").close()
        self._new_host_key()

    @property
    def host_pubkey_line(self):
        return _pub_line(self.host_pubkey)

    @property
    def known_hosts_line(self):
        return f"[{self.host}]:{self.port} {self.host_pubkey_line}"

    def url(self, path):
        return f"ssh://{self.user}@{self.host}:{self.port}{path}"

    def _new_host_key(self):
        for path in (self.host_key, self.host_pubkey):
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)
        keygen(self.host_key, comment="popscope-test-host")

    def _write_config(self):
        with open(self.config, "w") as f:
            f.write(f"""\
ListenAddress {self.host}
Port {self.port}
HostKey {self.host_key}
PidFile {self.pid_file}
AuthorizedKeysFile {self.authorized_keys}
StrictModes no
UsePAM no
PermitRootLogin yes
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
AllowTcpForwarding yes
PermitUserRC no
PrintMotd no
LoginGraceTime 20
SetEnv SHLVL=1
Subsystem sftp {self.subsystem}
LogLevel INFO
""")

    def running(self):
        """The listener (not just its reaper) is alive."""
        if self.proc is None or self.proc.poll() is not None:
            return False
        try:
            with open(self.pid_file) as f:
                pid = int(f.read())
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except (OSError, ValueError):
            return False

    def start(self):
        if self.running():
            return
        if os.geteuid() == 0 and not os.path.isdir("/run/sshd"):
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
        self.kill()  # a reaper whose listener died
        self._write_config()
        with contextlib.suppress(FileNotFoundError):
            os.remove(self.pid_file)
        offset = os.path.getsize(self.log)
        listening = f"Server listening on {self.host} port {self.port}."
        with open(self.log, "ab") as log:
            self.proc = spawn_reaped([SSHD, "-D", "-e", "-f", self.config], stdin=subprocess.DEVNULL,
                                         stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            with open(self.log, errors="replace") as f:
                f.seek(offset)
                if listening in f.read():
                    return
            if self.proc.poll() is not None or time.monotonic() > deadline:
                why = "exited with %s" % self.proc.returncode if self.proc.poll() is not None else "timed out"
                self.stop()
                raise RuntimeError(f"sshd on {self.host}:{self.port} {why}; log {self.log}:\n{_tail(self.log)}")
            time.sleep(0.02)

    def ensure_running(self):
        if not self.running():
            self.start()

    def kill(self):
        if self.proc is not None:
            kill_tree(self.proc)

    stop = kill

    def restart(self):
        self.kill()
        self.start()

    def replace_host_key(self):
        self.kill()
        self._new_host_key()
        self.start()
        return self.host_pubkey_line

    # the processes serving connections
    def listener(self):
        """The pid of the listening sshd (None when it is not running)."""
        try:
            with open(self.pid_file) as f:
                return int(f.read())
        except (OSError, ValueError):
            return None

    def connection_processes(self):
        """Every process below the listener: the per-connection sshd processes, their shells and
        subsystems. Stopping them all stalls every open connection, as a hung machine would."""
        listener = self.listener()
        return _descendants(listener) if listener else []

    def sftp_servers(self):
        """The pids of the sftp-server processes serving this server's connections."""
        return [pid for pid in self.connection_processes() if _argv0(pid) == SFTP_SERVER]

    # logs
    def mark(self):
        self._marks = (os.path.getsize(self.log), os.path.getsize(self.sftp_log))

    def _since(self, path, offset):
        with open(path, errors="replace") as f:
            f.seek(offset)
            return f.read()

    def log_since_mark(self):
        return self._since(self.log, self._marks[0])

    def sftp_log_since_mark(self):
        return self._since(self.sftp_log, self._marks[1])

    def bytes_read(self, path_substring=None):
        return sum(int(n) for path, n in _BYTES_READ.findall(self.sftp_log_since_mark())
                   if path_substring is None or path_substring in path)

    def wait_bytes_read(self, n, path_substring=None, timeout=5.0):
        deadline = time.monotonic() + timeout
        while (got := self.bytes_read(path_substring)) < n and time.monotonic() < deadline:
            time.sleep(0.02)
        return got

    def wait_for_log(self, text, timeout=5.0):
        deadline = time.monotonic() + timeout
        while text not in (log := self.log_since_mark()):
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} not in sshd log since mark:\n{log}")
            time.sleep(0.02)
        return log


class SshAgent:
    def __init__(self, directory):
        self.sock = os.path.join(str(directory), "agent.sock")
        self.env = {"SSH_AUTH_SOCK": self.sock}
        self.proc = spawn_reaped(["ssh-agent", "-D", "-a", self.sock], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while not os.path.exists(self.sock):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"ssh-agent did not create {self.sock}: {self.proc.stderr.read()!r}")
            time.sleep(0.01)

    def add(self, key_path, passphrase=None):
        env = {k: v for k, v in os.environ.items() if k not in _SSH_ENV_VARS}
        env.update(self.env)
        if passphrase is not None:
            env.update(askpass_env(os.path.dirname(self.sock), passphrase))
        subprocess.run(["ssh-add", "-q", key_path], env=env, check=True, stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=10)

    def stop(self):
        kill_tree(self.proc)
        self.proc.stderr.close()


# --- fixtures -------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def ssh_home(tmp_path_factory):
    which_or_skip(SSHD, SFTP_SERVER, "ssh", "sftp", "ssh-keygen", "ssh-agent", "ssh-add")
    return SshHome(tmp_path_factory.mktemp("home"))


@pytest.fixture(scope="session")
def sshd_factory(tmp_path_factory, ssh_home):
    """make(name) -> a started SshServer; all of them are stopped at the end of the session."""
    servers = []

    def make(name="sshd"):
        server = SshServer(tmp_path_factory.mktemp(name), ssh_home.authorized_keys)
        servers.append(server)
        server.start()
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def sshd(sshd_factory):
    return sshd_factory("sshd")


@pytest.fixture(scope="session")
def jump_sshd(sshd_factory):
    return sshd_factory("jump")


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("POPSCOPE_CLI")
    if not path:
        pytest.skip("POPSCOPE_CLI is not set (run through ctest)")
    return path


def _required_import(name):
    if os.environ.get("POPSCOPE_CLI"):
        return importlib.import_module(name)
    return pytest.importorskip(name)


@pytest.fixture(scope="session")
def required_import():
    return _required_import


@pytest.fixture(scope="session")
def demo_pop(tmp_path_factory):
    profiles = os.environ.get("POPSCOPE_PROFILES")
    if not profiles:
        pytest.skip("POPSCOPE_PROFILES is not set (run through ctest)")
    # A copy in a folder without spaces that the test can replace while a report is open.
    copy = tmp_path_factory.mktemp("profiles") / "demo.pop"
    shutil.copyfile(os.path.join(profiles, "demo.pop"), copy)
    return str(copy)


@pytest.fixture(scope="session")
def hostile_sshd(tmp_path_factory, ssh_home):
    """An sshd whose SFTP subsystem is hostile_sftp.py; `set_mode(**mode)` before each use."""
    directory = tmp_path_factory.mktemp("hostile")
    mode_file = directory / "mode.json"
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hostile_sftp.py")
    server = SshServer(directory, ssh_home.authorized_keys,
                       subsystem=f"/usr/bin/python3 {script} {mode_file} 2>>{directory}/hostile.err")

    def set_mode(**mode):
        mode_file.write_text(json.dumps(mode))
        with contextlib.suppress(FileNotFoundError):
            os.remove(f"{mode_file}.log")

    server.set_mode = set_mode
    server.mode_path = str(mode_file)
    server.request_log_path = f"{mode_file}.log"
    server.request_log = lambda: (Path(f"{mode_file}.log").read_text()
                                  if os.path.exists(f"{mode_file}.log") else "")
    set_mode()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def fresh_sshd(sshd_factory):
    server = sshd_factory("fresh")
    yield server
    server.stop()


@pytest.fixture
def ssh_agent(tmp_path_factory, ssh_home):
    agent = SshAgent(tmp_path_factory.mktemp("agent"))
    try:
        agent.add(ssh_home.plain_key)
        yield agent
    finally:
        agent.stop()


@pytest.fixture
def ssh_env(request, ssh_home, sshd):
    sshd.ensure_running()
    ssh_home.reset()
    ssh_home.trust(sshd)
    agent = request.getfixturevalue("ssh_agent") if "ssh_agent" in request.fixturenames else None
    return ssh_home.env(agent)


@pytest.fixture(scope="session")
def random_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("files") / "random-1MiB.bin"
    path.write_bytes(os.urandom(1 << 20))
    return str(path)


def which_or_skip(*programs):
    for program in programs:
        if shutil.which(program) is None and not os.path.exists(program):
            pytest.skip(f"{program} is not installed")
