"""popscope-cli and popscope.pva against a hostile SFTP server (hostile_sftp.py behind the private
sshd): a server that lies about sizes, answers short, or stops answering gets a clear error within
the time limit, never a hang, a crash or a memory blow-up.

Exit code 13 is "remote profile failed", 3 "no such file" (popscope-cli --help).
"""
import json
import os
import subprocess
import time

import pytest

REMOTE_FAILED = 13
NOT_FOUND = 3
TIMEOUT = 3  # POPSCOPE_SSH_TIMEOUT: the longest silence allowed
CLOSE_REQUEST = 4  # SSH_FXP_CLOSE, as hostile_sftp.py logs it


@pytest.fixture
def hostile_env(ssh_home, hostile_sshd):
    hostile_sshd.ensure_running()
    ssh_home.reset()
    ssh_home.trust(hostile_sshd)
    return dict(ssh_home.env(None), POPSCOPE_SSH_CACHE="off", POPSCOPE_SSH_TIMEOUT=str(TIMEOUT))


def run_measured(cli, *args, env):
    """Runs the CLI with no terminal; returns (exit code, stdout, stderr, seconds, peak RSS in MiB)."""
    started = time.monotonic()
    with open(os.devnull) as nothing:
        process = subprocess.Popen([cli, *args], env=env, stdin=nothing, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, start_new_session=True)
        stdout, stderr = process.communicate(timeout=60)
    # communicate() reaped it: its peak memory is the largest of the children reaped so far, so
    # the bound below is an upper bound for this run too.
    import resource
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return process.returncode, stdout, stderr, time.monotonic() - started, peak_mib


def test_a_size_larger_than_any_profile_is_refused_before_anything_is_sized_by_it(
        cli, demo_pop, hostile_sshd, hostile_env):
    hostile_sshd.set_mode(claim_size=64 << 40)  # 64 TiB
    code, _, stderr, _, peak_mib = run_measured(cli, "summary", hostile_sshd.url(demo_pop), env=hostile_env)
    assert code == REMOTE_FAILED, stderr
    assert "claims the file holds 70368744177664 bytes, more than any profile" in stderr
    assert demo_pop in stderr
    assert peak_mib < 512  # a map sized by the claim would take 8 GiB
    assert "read" not in hostile_sshd.request_log()  # refused before a byte was asked for


def test_a_size_the_sqlite_header_contradicts_is_refused(cli, demo_pop, hostile_sshd, hostile_env):
    claimed = os.path.getsize(demo_pop) + 65536
    hostile_sshd.set_mode(claim_size=claimed)
    code, _, stderr, _, _ = run_measured(cli, "summary", hostile_sshd.url(demo_pop), env=hostile_env)
    assert code == REMOTE_FAILED, stderr
    assert f"the server claims {claimed} bytes, but the file's SQLite header says" in stderr


def test_short_reads_are_completed_and_give_the_same_figures(cli, demo_pop, hostile_sshd, hostile_env):
    hostile_sshd.set_mode(short_reads=1000)  # every 64 KiB block arrives in 66 replies
    code, stdout, stderr, _, _ = run_measured(cli, "summary", "--json", hostile_sshd.url(demo_pop),
                                              env=hostile_env)
    assert code == 0, stderr
    local = subprocess.run([cli, "summary", "--json", demo_pop], capture_output=True, text=True, check=True)
    remote_json, local_json = json.loads(stdout), json.loads(local.stdout)
    remote_json.pop("path"), local_json.pop("path")
    assert remote_json == local_json
    assert hostile_sshd.request_log().count("read 64536") > 0  # the rest of a block asked again


@pytest.mark.parametrize("mode", [{"stall_after": 2}, {"stall_on_open": True}], ids=["reading", "opening"])
def test_a_server_that_stops_answering_ends_in_connection_lost_within_the_timeout(
        cli, demo_pop, hostile_sshd, hostile_env, mode):
    hostile_sshd.set_mode(**mode)
    code, _, stderr, seconds, _ = run_measured(cli, "summary", hostile_sshd.url(demo_pop), env=hostile_env)
    assert code == REMOTE_FAILED, stderr
    assert f"the connection was lost while" in stderr
    assert f"the server sent nothing for {TIMEOUT} s" in stderr
    assert seconds < TIMEOUT + 5


@pytest.mark.parametrize("refusal, exit_code, message", [
    ("size", REMOTE_FAILED, "more than any profile"),
    ("folder", NOT_FOUND, "not a regular file"),
], ids=["size", "folder"])
def test_a_refused_file_whose_close_is_never_answered_ends_within_the_timeout(
        cli, demo_pop, hostile_sshd, hostile_env, refusal, exit_code, message):
    # The server lies (a 64 TiB file, or a folder where a profile should be), then never answers
    # the close popscope sends when it refuses the file.
    hostile_sshd.set_mode(claim_size=64 << 40, stall_on_close=True)
    path = demo_pop if refusal == "size" else os.path.dirname(demo_pop)
    code, _, stderr, seconds, _ = run_measured(cli, "summary", hostile_sshd.url(path), env=hostile_env)
    assert code == exit_code, stderr
    assert message in stderr
    assert str(CLOSE_REQUEST) in hostile_sshd.request_log().split()  # the close was sent, never answered
    assert seconds < TIMEOUT + 5


def test_no_lock_of_the_file_is_held_while_it_connects_again_closes_or_waits_for_a_reply(
        demo_pop, hostile_sshd, hostile_env):
    # test_core's cases read, drop the connection, then connect again to a server that never answers
    # the open, or has another version of the file and never answers the close; or read a block the
    # server never answers. Meanwhile another thread asks the file, reads blocks it has in memory or
    # on disk, and is answered.
    test_core = os.environ.get("POPSCOPE_TEST_CORE")
    if not test_core:
        pytest.skip("POPSCOPE_TEST_CORE is not set (run through ctest)")
    hostile_sshd.set_mode()
    env = dict(hostile_env, POPSCOPE_REMOTE_PROFILE=hostile_sshd.url(demo_pop),
               POPSCOPE_REMOTE_MODE_FILE=hostile_sshd.mode_path,
               POPSCOPE_REMOTE_REQUEST_LOG=hostile_sshd.request_log_path)
    result = subprocess.run([test_core, "[remote-unlocked]"], env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "All tests passed" in result.stdout and "in 3 test cases" in result.stdout, result.stdout[-3000:]


def test_python_raises_pva_error_when_the_server_stops_answering(demo_pop, hostile_sshd, hostile_env,
                                                                  monkeypatch, required_import):
    pva = required_import("popscope.pva")
    for name, value in hostile_env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("SSH_AUTH_SOCK", raising=False)
    hostile_sshd.set_mode(stall_after=2)
    started = time.monotonic()
    with pytest.raises(pva.Error, match=f"sent nothing for {TIMEOUT} s"):
        report = pva.openReport(hostile_sshd.url(demo_pop))
        len(report.execution.steps)
    assert time.monotonic() - started < 2 * TIMEOUT + 5


def test_open_remote_stops_a_million_entry_listing_and_stays_responsive(demo_pop, hostile_sshd, hostile_env):
    test_gui = os.environ.get("POPSCOPE_TEST_GUI")
    if not test_gui:
        pytest.skip("POPSCOPE_TEST_GUI is not set (run through ctest)")
    hostile_sshd.set_mode(entries=1_000_000, batch=500, markup_names=True)
    env = dict(hostile_env, QT_QPA_PLATFORM="offscreen",
               POPSCOPE_REMOTE_FOLDER=hostile_sshd.url(os.path.dirname(demo_pop) + "/"))
    result = subprocess.run([test_gui, "[remote-hostile-listing]"], env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "All tests passed" in result.stdout, result.stdout[-3000:]


def test_open_remote_stop_and_closing_the_dialog_cancel_a_listing_the_server_never_answers(
        demo_pop, hostile_sshd, hostile_env, tmp_path):
    test_gui = os.environ.get("POPSCOPE_TEST_GUI")
    if not test_gui:
        pytest.skip("POPSCOPE_TEST_GUI is not set (run through ctest)")
    stall = tmp_path / "stall"
    stall.touch()
    hostile_sshd.set_mode(stall_flag=str(stall))  # never answers a READDIR
    env = dict(hostile_env, QT_QPA_PLATFORM="offscreen",
               POPSCOPE_REMOTE_FOLDER=hostile_sshd.url(os.path.dirname(demo_pop) + "/"),
               POPSCOPE_REMOTE_REQUEST_LOG=hostile_sshd.request_log_path)
    result = subprocess.run([test_gui, "[remote-cancel-listing]"], env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "All tests passed" in result.stdout, result.stdout[-3000:]
