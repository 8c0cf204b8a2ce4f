"""A real server that stops answering: `kill -STOP` on the private sshd's own sftp-server, or on a
jump host, while popscope-cli or popscope.pva reads a profile through it. Each ends in "the
connection was lost" within the allowed silence (POPSCOPE_SSH_TIMEOUT) plus 5 s: exit 13 in the
CLI, pva.Error in Python. Every process stopped is continued and killed afterwards.

Exit code 13 is "remote profile failed" (popscope-cli --help).
"""
import contextlib
import os
import signal
import socket
import subprocess
import time

import pytest

REMOTE_FAILED = 13
TIMEOUT = 3  # POPSCOPE_SSH_TIMEOUT: the longest silence allowed
BLOCK = 64 * 1024  # what popscope asks for in one read


def wait_for(what, condition, limit=30):
    """Polls `condition` until it returns something true; fails the test, naming `what`, after
    `limit` seconds (a bound on a broken run, not a measurement)."""
    deadline = time.monotonic() + limit
    while not (result := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.001)
    return result


@contextlib.contextmanager
def stopped(pids):
    """`kill -STOP` on `pids` for the block; afterwards each is continued and killed, so nothing
    stopped outlives the test (its reaper reaps it)."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):  # ended first: the run's reads were all done
            os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
                os.kill(pid, signal.SIGKILL)


def start_cli(cli, url, env):
    """`popscope-cli summary URL` with no terminal."""
    with open(os.devnull) as nothing:
        return subprocess.Popen([cli, "summary", url], env=env, stdin=nothing, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)


def finish(process):
    """(exit code, stderr, seconds until it ended)."""
    started = time.monotonic()
    try:
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, stderr, time.monotonic() - started


def bytes_read_by(pid):
    """What the process has read so far (/proc/PID/io's rchar); None once it is gone."""
    try:
        with open(f"/proc/{pid}/io") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("rchar:"))
    except (OSError, StopIteration, ValueError):
        return None


def first_block_read(pid):
    """Waits, without sleeping, until sftp-server `pid` has read a block of the file (the requests
    it reads are a few bytes each): the client has opened and stat'ed the file, which comes before
    any read, and is among its reads. False when the process ended first."""
    while (done := bytes_read_by(pid)) is not None:
        if done >= BLOCK:
            return True
    return False


def stop_during_the_reads(cli, url, env, server, to_stop=None):
    """Runs `popscope-cli summary URL` and, once `server`'s sftp-server has read the profile's
    first block, `kill -STOP`s that sftp-server (or the pids `to_stop()` names) until the CLI ends.
    Returns (exit code, stderr, seconds from the stop to the end). The CLI's remaining reads take a
    dozen round trips; should they all end before the stop lands (exit 0, or no sftp-server left to
    stop), the run is made again."""
    for _ in range(5):
        process = start_cli(cli, url, env)
        # A fast run may end before its sftp-server is seen: then it is made again.
        servers = wait_for("sftp-server starts, or the CLI ends",
                           lambda: server.sftp_servers() or process.poll() is not None)
        if servers is True or not first_block_read(servers[0]):
            finish(process)
            continue
        with stopped(to_stop() if to_stop else servers[:1]):
            code, stderr, seconds = finish(process)
        if code != 0:
            return code, stderr, seconds
    raise AssertionError("five times, the reads ended before the server could be stopped")


@pytest.fixture
def stall_env(ssh_home, ssh_env):
    return dict(ssh_env, POPSCOPE_SSH_CACHE="off", POPSCOPE_SSH_TIMEOUT=str(TIMEOUT))


def assert_lost_within_the_timeout(code, stderr, seconds, what="reading"):
    assert code == REMOTE_FAILED, stderr
    assert f"the connection was lost while {what}" in stderr
    assert f"the server sent nothing for {TIMEOUT} s" in stderr
    assert seconds < TIMEOUT + 5


def test_kill_stop_on_sftp_server_during_a_read_ends_the_cli_with_exit_13(cli, demo_pop, fresh_sshd, ssh_home,
                                                                           stall_env):
    ssh_home.trust(fresh_sshd)
    code, stderr, seconds = stop_during_the_reads(cli, fresh_sshd.url(demo_pop), stall_env, fresh_sshd)
    assert_lost_within_the_timeout(code, stderr, seconds)
    assert fresh_sshd.url(demo_pop).split("/", 3)[2] in stderr  # the user, host and port


def test_kill_stop_on_sftp_server_during_a_read_raises_pva_error(demo_pop, fresh_sshd, ssh_home, stall_env,
                                                                  monkeypatch, required_import):
    pva = required_import("popscope.pva")
    ssh_home.trust(fresh_sshd)
    for name, value in stall_env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("SSH_AUTH_SOCK", raising=False)
    report = pva.openReport(fresh_sshd.url(demo_pop))
    assert report.compilation.target.numTiles > 0
    servers = fresh_sshd.sftp_servers()
    assert len(servers) == 1  # the one serving this report
    with stopped(servers):
        started = time.monotonic()
        with pytest.raises(pva.Error, match=f"lost while reading .*sent nothing for {TIMEOUT} s"):
            len(report.execution.steps)  # a part not read yet
        assert time.monotonic() - started < TIMEOUT + 5


def jump_config(ssh_home, target, jump_port):
    """`behind` reaches `target` through the jump host `jump` on 127.0.0.1:`jump_port`."""
    ssh_home.write_config(f"Host jump\n    HostName 127.0.0.1\n    Port {jump_port}\n",
                          ssh_home.host_block("behind", target, proxy_jump="jump"))


def test_a_jump_host_that_accepts_tcp_but_never_answers_ends_in_exit_13(cli, demo_pop, sshd, ssh_home,
                                                                         stall_env):
    with socket.socket() as silent:  # the kernel completes the handshake; nobody ever speaks SSH
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        port = silent.getsockname()[1]
        jump_config(ssh_home, sshd, port)
        code, stderr, seconds = finish(start_cli(cli, f"behind:{demo_pop}", stall_env))
    assert code == REMOTE_FAILED, stderr
    assert f"@jump:{port}: no answer within {TIMEOUT} s" in stderr
    assert seconds < TIMEOUT + 5


def test_a_stalled_sftp_server_behind_a_jump_host_ends_in_exit_13(cli, demo_pop, fresh_sshd, jump_sshd, ssh_home,
                                                                   stall_env):
    jump_sshd.ensure_running()
    ssh_home.trust(jump_sshd)
    ssh_home.trust(fresh_sshd)
    jump_config(ssh_home, fresh_sshd, jump_sshd.port)
    code, stderr, seconds = stop_during_the_reads(cli, f"behind:{demo_pop}", stall_env, fresh_sshd)
    assert_lost_within_the_timeout(code, stderr, seconds)


def test_a_jump_host_that_stops_during_a_read_ends_in_exit_13(cli, demo_pop, sshd, sshd_factory, ssh_home,
                                                               stall_env):
    jump = sshd_factory("stalling-jump")  # its connections are stopped, then killed
    try:
        ssh_home.trust(jump)
        ssh_home.trust(sshd)
        jump_config(ssh_home, sshd, jump.port)
        # The jump host's processes for the connection are stopped: it relays nothing more.
        code, stderr, seconds = stop_during_the_reads(cli, f"behind:{demo_pop}", stall_env, sshd,
                                                      to_stop=jump.connection_processes)
        assert_lost_within_the_timeout(code, stderr, seconds)
    finally:
        jump.stop()


@pytest.mark.parametrize("stall_at, message", [
    ("auth", "@jump:{port}: the server sent nothing for {timeout} s while authenticating"),
    ("tunnel", "the jump host root@jump:{port} cannot reach 127.0.0.1:{target} (it sent nothing for {timeout} s)"),
], ids=["authenticating", "opening-the-tunnel"])
def test_a_jump_host_that_stops_answering_after_the_handshake_ends_in_exit_13(cli, demo_pop, sshd, ssh_home,
                                                                              stall_env, stall_at, message,
                                                                              required_import):
    required_import("paramiko")
    import stalling_ssh
    with stalling_ssh.StallingSshServer(stall_at) as jump:
        ssh_home.trust(sshd)
        with open(ssh_home.known_hosts, "a") as known:
            known.write(jump.known_hosts_line + "\n")
        jump_config(ssh_home, sshd, jump.port)
        code, stderr, seconds = finish(start_cli(cli, f"behind:{demo_pop}", stall_env))
        expected = message.format(port=jump.port, target=sshd.port, timeout=TIMEOUT)
    assert code == REMOTE_FAILED, stderr
    assert expected.replace("root@", f"{sshd.user}@") in stderr
    assert seconds < TIMEOUT + 5


def closed_by_its_client(port):
    """Whether a connection to 127.0.0.1:`port` has been closed by the client but not by the server
    (the server's end in CLOSE_WAIT, as a stopped server cannot close it)."""
    with open("/proc/net/tcp") as f:
        return any(fields[1].endswith(f":{port:04X}") and fields[3] == "08"
                   for fields in (line.split() for line in f.readlines()[1:]))


@pytest.mark.parametrize("through_jump", [False, True], ids=["direct", "through-a-jump-host"])
def test_keepalives_find_a_server_silent_while_the_report_is_idle_and_the_next_read_connects_again(
        demo_pop, sshd, sshd_factory, ssh_home, stall_env, monkeypatch, required_import, through_jump):
    pva = required_import("popscope.pva")
    silent = sshd_factory("silent-while-idle")  # its connections are stopped, then killed
    try:
        ssh_home.trust(silent)
        ssh_home.trust(sshd)
        if through_jump:  # the jump host goes silent: it relays nothing more
            ssh_home.write_config(ssh_home.host_block("jump", silent),
                                  ssh_home.host_block("idle", sshd, proxy_jump="jump", ServerAliveInterval=1))
        else:
            ssh_home.write_config(ssh_home.host_block("idle", silent, ServerAliveInterval=1))
        for name, value in stall_env.items():
            monkeypatch.setenv(name, value)
        monkeypatch.delenv("SSH_AUTH_SOCK", raising=False)
        report = pva.openReport(f"ssh://idle{demo_pop}")
        assert report.compilation.target.numTiles > 0
        with stopped(silent.connection_processes()):
            # Nothing is read meanwhile: only a keepalive unanswered for the timeout notices.
            wait_for("popscope drops the silent connection", lambda: closed_by_its_client(silent.port),
                     limit=1 + TIMEOUT + 5)
        # The next part read connects again at once, instead of waiting on the dead connection.
        assert len(report.execution.steps) > 0
    finally:
        silent.stop()
