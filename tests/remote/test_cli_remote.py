"""popscope-cli and popscope.pva on profiles read over SSH/SFTP from the private test sshd.

Needs POPSCOPE_CLI and POPSCOPE_PROFILES (set by ctest); PYTHONPATH holding popscope for the
Python tests. Exit code 13 is "remote profile failed" (popscope-cli --help).
"""
import json
import os
import shutil
import subprocess
import time

import pytest

from cli_runs import REMOTE_FAILED, run, run_on_terminal


def test_remote_summary_equals_local_apart_from_the_address(cli, demo_pop, sshd, ssh_env):
    sshd.mark()
    remote = run(cli, "summary", "--json", sshd.url(demo_pop), env=dict(ssh_env, POPSCOPE_SSH_CACHE="off"))
    assert remote.returncode == 0, remote.stderr
    local = run(cli, "summary", "--json", demo_pop, env=ssh_env)
    remote_json, local_json = json.loads(remote.stdout), json.loads(local.stdout)
    assert remote_json.pop("path") == sshd.url(demo_pop)
    local_json.pop("path")
    assert remote_json == local_json
    # The summary reads its parts, not the file: what crossed the network is counted by sftp-server.
    read = sshd.wait_bytes_read(1, demo_pop)
    assert 0 < read < os.path.getsize(demo_pop)


def test_reopening_reads_the_blocks_from_the_disk_cache(cli, demo_pop, sshd, ssh_env, tmp_path):
    env = dict(ssh_env, XDG_CACHE_HOME=str(tmp_path / "cache"))
    sshd.mark()
    first = run(cli, "summary", "--json", sshd.url(demo_pop), env=env)
    assert first.returncode == 0, first.stderr
    read_first = sshd.wait_bytes_read(1, demo_pop)
    assert read_first > 0
    assert os.listdir(tmp_path / "cache" / "popscope" / "remote")
    sshd.mark()
    again = run(cli, "summary", "--json", sshd.url(demo_pop), env=env)
    assert again.stdout == first.stdout
    # The file is still opened and stat'ed over SFTP (a changed file gets a new entry), but its
    # blocks come from disk: sftp-server logs the close with nothing read.
    deadline = time.monotonic() + 5
    while 'close "' not in sshd.sftp_log_since_mark() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sshd.bytes_read(demo_pop) == 0


def test_scp_form_and_compare_of_a_local_with_a_remote_report(cli, demo_pop, sshd, ssh_env):
    scp_form = f"{sshd.user}@127.0.0.1:{demo_pop}"
    # The scp form has no port: give it through a Host block.
    ssh_home_config = os.path.join(ssh_env["HOME"], ".ssh", "config")
    with open(ssh_home_config, "w") as f:
        f.write(f"Host 127.0.0.1\n    Port {sshd.port}\n")
    assert run(cli, "summary", scp_form, env=ssh_env).returncode == 0
    compared = run(cli, "compare", "--json", demo_pop, sshd.url(demo_pop), env=ssh_env)
    assert compared.returncode == 0, compared.stderr
    assert json.loads(compared.stdout)["target"]["path"] == sshd.url(demo_pop)


def test_query_reads_a_remote_report_as_a_local_one(cli, demo_pop, sshd, ssh_env):
    sql = "SELECT count(*), sum(memory_used) FROM tiles"
    remote = run(cli, "query", sshd.url(demo_pop), sql, "--json", env=ssh_env)
    assert remote.returncode == 0, remote.stderr
    assert remote.stdout == run(cli, "query", demo_pop, sql, "--json", env=ssh_env).stdout
    joined = run(cli, "query", demo_pop, sshd.url(demo_pop),
                 "SELECT count(*) FROM source.variables s JOIN target.variables t USING (id) "
                 "WHERE s.bytes <> t.bytes", "--csv", env=ssh_env)
    assert joined.returncode == 0, joined.stderr
    assert joined.stdout.splitlines()[1] == "0"


def known_host_keys(known_hosts, name):
    """The lines OpenSSH's own reader finds for `name` in the known_hosts file, plain or hashed (the
    system config may say HashKnownHosts yes, as Debian's does)."""
    found = subprocess.run(["ssh-keygen", "-F", name, "-f", str(known_hosts)], capture_output=True,
                           text=True, timeout=30)
    return found.stdout


def test_unknown_host_is_asked_and_added_only_on_yes(cli, demo_pop, sshd, ssh_home, ssh_env):
    ssh_home.forget()
    refused = run_on_terminal(cli, "summary", sshd.url(demo_pop), env=ssh_env, answer="no\n")
    assert refused.returncode == REMOTE_FAILED
    assert "SHA256:" in refused.tty and "not accepted" in refused.stderr
    assert open(ssh_home.known_hosts).read().strip() == ""
    # Without a terminal, as `yes | popscope-cli ...` from a script: refused, nothing recorded.
    piped = run(cli, "summary", sshd.url(demo_pop), env=ssh_env, answer="yes\nyes\nyes\n")
    assert piped.returncode == REMOTE_FAILED
    assert "no terminal to ask on" in piped.stderr
    assert open(ssh_home.known_hosts).read().strip() == ""
    accepted = run_on_terminal(cli, "summary", sshd.url(demo_pop), env=ssh_env, answer="yes\n")
    assert accepted.returncode == 0, accepted.stderr
    assert "Are you sure you want to continue connecting" in accepted.tty
    assert sshd.host_pubkey_line in known_host_keys(ssh_home.known_hosts, f"[127.0.0.1]:{sshd.port}")
    # Known now: no question, nothing read from standard input.
    assert run(cli, "summary", sshd.url(demo_pop), env=ssh_env).returncode == 0


def test_a_changed_host_key_is_refused(cli, demo_pop, fresh_sshd, ssh_home, ssh_env):
    ssh_home.trust(fresh_sshd)
    fresh_sshd.replace_host_key()
    before = open(ssh_home.known_hosts).read()
    result = run(cli, "summary", fresh_sshd.url(demo_pop), env=ssh_env, answer="yes\n")
    assert result.returncode == REMOTE_FAILED
    assert "CHANGED" in result.stderr and f"127.0.0.1:{fresh_sshd.port}" in result.stderr
    assert open(ssh_home.known_hosts).read() == before


def test_a_revoked_host_key_is_refused_even_when_also_trusted(cli, demo_pop, sshd, ssh_home, ssh_env):
    with open(ssh_home.known_hosts, "a") as known:
        known.write(f"@revoked * {sshd.host_pubkey_line}\n")
    before = open(ssh_home.known_hosts).read()
    result = run(cli, "summary", sshd.url(demo_pop), env=ssh_env)
    assert result.returncode == REMOTE_FAILED
    assert "is marked @revoked in" in result.stderr and ssh_home.known_hosts in result.stderr
    assert open(ssh_home.known_hosts).read() == before


def test_an_encrypted_key_asks_for_its_passphrase(cli, demo_pop, sshd, ssh_home, ssh_env):
    from conftest import KEY_PASSPHRASE
    # BatchMode no ahead of the defaults' yes (the first value wins): a passphrase may be asked.
    ssh_home.write_config(ssh_home.host_block("locked", sshd, identity="encrypted", BatchMode="no"),
                          default_identity=None)
    url = f"ssh://locked{demo_pop}"
    wrong = run_on_terminal(cli, "summary", url, env=ssh_env, answer="wrong\nwrong\nwrong\n")
    assert wrong.returncode == REMOTE_FAILED and "authentication failed" in wrong.stderr
    right = run_on_terminal(cli, "summary", url, env=ssh_env, answer=KEY_PASSPHRASE + "\n")
    assert right.returncode == 0, right.stderr
    assert "Passphrase for the key" in right.tty
    assert KEY_PASSPHRASE not in right.tty  # typed with the echo off


def test_ssh_agent_authenticates(cli, demo_pop, sshd, ssh_home, ssh_env, ssh_agent):
    ssh_home.write_config(ssh_home.host_block("agent-only", sshd, identity=None), default_identity=None)
    result = run(cli, "summary", f"ssh://agent-only{demo_pop}", env=ssh_env)
    assert result.returncode == 0, result.stderr
    without_agent = {k: v for k, v in ssh_env.items() if k != "SSH_AUTH_SOCK"}
    refused = run(cli, "summary", f"ssh://agent-only{demo_pop}", env=without_agent)
    assert refused.returncode == REMOTE_FAILED and "authentication failed" in refused.stderr


def test_a_host_alias_with_proxyjump(cli, demo_pop, sshd, jump_sshd, ssh_home, ssh_env):
    ssh_home.trust(jump_sshd)
    ssh_home.write_config(ssh_home.host_block("jump", jump_sshd),
                          ssh_home.host_block("behind", sshd, proxy_jump="jump"))
    jump_sshd.mark()
    result = run(cli, "summary", "--json", f"behind:{demo_pop}", env=ssh_env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["graph"]["numComputeSets"] > 0
    jump_sshd.wait_for_log("Accepted publickey")


def test_refused_config_lines_name_the_option_the_file_and_the_line(cli, demo_pop, sshd, ssh_home, ssh_env):
    ssh_home.trust(sshd)
    config = ssh_home.write_config(ssh_home.host_block("bastioned", sshd, ProxyCommand="/bin/false"))
    line = open(config).read().splitlines().index("    ProxyCommand /bin/false") + 1
    sshd.mark()
    result = run(cli, "summary", f"bastioned:{demo_pop}", env=ssh_env)
    assert result.returncode == REMOTE_FAILED
    assert f"{config}:{line}: ProxyCommand is not supported" in result.stderr
    time.sleep(0.5)
    assert "Accepted" not in sshd.log_since_mark()  # nobody logged in around the bastion
    ssh_home.write_config(ssh_home.host_block("matched", sshd), "Match exec true\n    User nobody\n")
    result = run(cli, "summary", f"matched:{demo_pop}", env=ssh_env)
    assert result.returncode == REMOTE_FAILED and "Match exec true is not supported" in result.stderr


def test_strict_host_key_checking_and_user_known_hosts_file(cli, demo_pop, sshd, ssh_home, ssh_env, tmp_path):
    ssh_home.forget()
    elsewhere = tmp_path / "known_hosts_elsewhere"
    ssh_home.write_config(ssh_home.host_block("strict", sshd, StrictHostKeyChecking="yes"),
                          ssh_home.host_block("fresh", sshd, StrictHostKeyChecking="accept-new",
                                              UserKnownHostsFile=str(elsewhere)))
    # yes: refused without a question, even with someone at the terminal to say yes.
    strict = run_on_terminal(cli, "summary", f"strict:{demo_pop}", env=ssh_env, answer="yes\n")
    assert strict.returncode == REMOTE_FAILED and "StrictHostKeyChecking is yes" in strict.stderr
    assert "Are you sure" not in strict.tty
    # accept-new: recorded without a question, in the file the config names.
    fresh = run(cli, "summary", f"fresh:{demo_pop}", env=ssh_env)
    assert fresh.returncode == 0, fresh.stderr
    assert sshd.host_pubkey_line in known_host_keys(elsewhere, f"[127.0.0.1]:{sshd.port}")
    assert open(ssh_home.known_hosts).read().strip() == ""


def test_known_hosts_file_lists_global_known_hosts_file_and_batch_mode(cli, demo_pop, sshd, ssh_home, ssh_env,
                                                                        tmp_path):
    ssh_home.forget()
    second, global_file = tmp_path / "second_known_hosts", tmp_path / "global_known_hosts"
    second.write_text(ssh_home.known_hosts_line(sshd) + "\n")
    global_file.write_text("")
    # StrictHostKeyChecking ask ahead of the defaults' yes; BatchMode yes comes from the defaults.
    ssh_home.write_config(ssh_home.host_block("listed", sshd, StrictHostKeyChecking="ask",
                                              UserKnownHostsFile=f"{ssh_home.known_hosts} {second}",
                                              GlobalKnownHostsFile=str(global_file)))
    # The key is in the second UserKnownHostsFile: trusted, nothing asked.
    trusted = run(cli, "summary", f"listed:{demo_pop}", env=ssh_env)
    assert trusted.returncode == 0, trusted.stderr
    # Revoked in the GlobalKnownHostsFile: refused, naming that file.
    global_file.write_text(f"@revoked * {sshd.host_pubkey_line}\n")
    revoked = run(cli, "summary", f"listed:{demo_pop}", env=ssh_env)
    assert revoked.returncode == REMOTE_FAILED
    assert f"is marked @revoked in {global_file}" in revoked.stderr
    # Unknown with BatchMode yes: refused without a question, even with someone at the terminal.
    second.write_text("")
    global_file.write_text("")
    batch = run_on_terminal(cli, "summary", f"listed:{demo_pop}", env=ssh_env, answer="yes\n")
    assert batch.returncode == REMOTE_FAILED and "BatchMode is yes, so nothing is asked" in batch.stderr
    assert "Are you sure" not in batch.tty
    assert open(ssh_home.known_hosts).read().strip() == "" and second.read_text() == ""


def test_a_jump_host_follows_its_own_proxyjump_and_a_loop_is_refused(cli, demo_pop, sshd, ssh_home, ssh_env):
    ssh_home.trust(sshd)
    ssh_home.write_config(ssh_home.host_block("loop", sshd, proxy_jump="loop"))
    result = run(cli, "summary", f"loop:{demo_pop}", env=ssh_env)
    assert result.returncode == REMOTE_FAILED
    assert "ProxyJump leads through more than 8 jump hosts" in result.stderr


def test_an_unreachable_host_and_a_missing_file_are_named(cli, demo_pop, sshd, ssh_env):
    gone = run(cli, "summary", f"ssh://{sshd.user}@127.0.0.1:1/x.pop", env=ssh_env)
    assert gone.returncode == REMOTE_FAILED and "127.0.0.1:1" in gone.stderr and "cannot connect" in gone.stderr
    missing = run(cli, "summary", sshd.url("/no/such/profile.pop"), env=ssh_env)
    assert missing.returncode == 3 and "no such file" in missing.stderr


def test_python_reads_remote_and_survives_the_server_dying(demo_pop, fresh_sshd, ssh_home, monkeypatch,
                                                          required_import):
    pva = required_import("popscope.pva")
    ssh_home.reset()
    ssh_home.trust(fresh_sshd)
    monkeypatch.setenv("HOME", ssh_home.path)
    monkeypatch.delenv("SSH_AUTH_SOCK", raising=False)
    report = pva.openReport(fresh_sshd.url(demo_pop))
    tiles = report.compilation.target.numTiles
    fresh_sshd.kill()
    # A part not read yet: the error names the host and the cause, and nothing crashes.
    with pytest.raises(pva.Error, match="127.0.0.1"):
        len(report.execution.steps)
    fresh_sshd.restart()
    # The next read connects again (the GUI's Retry).
    assert len(report.execution.steps) > 0
    assert report.compilation.target.numTiles == tiles


def test_the_window_opens_a_remote_report_and_a_mixed_comparison(demo_pop, sshd, ssh_env, tmp_path):
    app = os.environ.get("POPSCOPE_APP")
    if not app:
        pytest.skip("POPSCOPE_APP is not set (run through ctest)")
    env = dict(ssh_env, QT_QPA_PLATFORM="offscreen")
    for name, args in (("summary", [sshd.url(demo_pop), "--page", "memory"]),
                       ("compare", [demo_pop, "--compare", sshd.url(demo_pop), "--page", "what-changed"])):
        shot = tmp_path / f"{name}.png"
        result = subprocess.run([app, *args, "--screenshot", str(shot)], env=env, capture_output=True,
                                text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        assert shot.stat().st_size > 10000


def test_open_remote_lists_the_folder_of_a_real_server(demo_pop, sshd, ssh_env, tmp_path):
    test_gui = os.environ.get("POPSCOPE_TEST_GUI")
    if not test_gui:
        pytest.skip("POPSCOPE_TEST_GUI is not set (run through ctest)")
    folder = sshd.url(os.path.dirname(demo_pop) + "/")
    env = dict(ssh_env, QT_QPA_PLATFORM="offscreen", POPSCOPE_REMOTE_FOLDER=folder,
               POPSCOPE_REMOTE_SHOT=os.environ.get("POPSCOPE_REMOTE_SHOT", str(tmp_path / "open-remote.png")))
    result = subprocess.run([test_gui, "[remote-listing]"], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "All tests passed" in result.stdout, result.stdout[-3000:]


def test_the_window_asks_about_the_host_and_the_passphrase_in_dialogs(demo_pop, sshd, ssh_home, ssh_env, tmp_path):
    from conftest import KEY_PASSPHRASE
    test_gui = os.environ.get("POPSCOPE_TEST_GUI")
    if not test_gui:
        pytest.skip("POPSCOPE_TEST_GUI is not set (run through ctest)")
    ssh_home.forget()
    # The unknown host is reached through a Host block that names its port and key and asks about
    # host keys (ahead of the defaults' StrictHostKeyChecking and BatchMode yes: the first value wins).
    ssh_home.write_config(ssh_home.host_block("locked", sshd, identity="encrypted", BatchMode="no"),
                          f"Host 127.0.0.1\n    Port {sshd.port}\n    IdentityFile {ssh_home.plain_key}\n"
                          "    StrictHostKeyChecking ask\n    BatchMode no\n", default_identity=None)
    # Another file behind the alias: the same file would open from the disk cache the first open
    # filled (the alias resolves to the same user, host and port), with nothing to ask.
    locked = tmp_path / "locked.pop"
    shutil.copyfile(demo_pop, locked)
    env = dict(ssh_env, QT_QPA_PLATFORM="offscreen", POPSCOPE_REMOTE_UNKNOWN=f"127.0.0.1:{demo_pop}",
               POPSCOPE_REMOTE_LOCKED=f"ssh://locked{locked}", POPSCOPE_REMOTE_PASSPHRASE=KEY_PASSPHRASE)
    result = subprocess.run([test_gui, "[remote-dialogs]"], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "All tests passed" in result.stdout, result.stdout[-3000:]
    assert sshd.host_pubkey_line in known_host_keys(ssh_home.known_hosts, f"[127.0.0.1]:{sshd.port}")


def run_gui_kill_and_restart(test_gui, tag, env, signals, server, kill_after, restart_after):
    """Runs the hidden GUI test `tag`; when it leaves the mark `kill_after`, kills the server and
    answers "killed"; at `restart_after`, restarts it and answers "restarted". The test must pass."""
    def wait_for(name):
        deadline = time.monotonic() + 60
        while not (signals / name).exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        return (signals / name).exists()

    with subprocess.Popen([test_gui, tag], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True) as proc:
        try:
            if wait_for(kill_after):
                server.kill()
                (signals / "killed").touch()
            if wait_for(restart_after):
                server.restart()
                (signals / "restarted").touch()
            output, _ = proc.communicate(timeout=120)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert proc.returncode == 0, output[-4000:]
    assert "All tests passed" in output, output[-4000:]


def gui_env_for_a_copy(demo_pop, server, ssh_home, ssh_env, tmp_path, name, **extra):
    """The hidden GUI tests' environment for a copy of the demo the test may replace, served by
    `server`, with a folder for the marks; (env, signals)."""
    copy = tmp_path / name
    shutil.copyfile(demo_pop, copy)
    ssh_home.trust(server)
    signals = tmp_path / "signals"
    signals.mkdir()
    env = dict(ssh_env, QT_QPA_PLATFORM="offscreen", POPSCOPE_REMOTE_REPORT=server.url(str(copy)),
               POPSCOPE_REMOTE_LOCAL=str(copy), POPSCOPE_REMOTE_SIGNALS=str(signals), **extra)
    return env, signals


def test_the_window_survives_the_server_dying_and_notices_a_replaced_file(demo_pop, fresh_sshd, ssh_home,
                                                                          ssh_env, tmp_path):
    test_gui = os.environ.get("POPSCOPE_TEST_GUI")
    if not test_gui:
        pytest.skip("POPSCOPE_TEST_GUI is not set (run through ctest)")
    env, signals = gui_env_for_a_copy(demo_pop, fresh_sshd, ssh_home, ssh_env, tmp_path, "victim.pop")
    run_gui_kill_and_restart(test_gui, "[remote-faults]", env, signals, fresh_sshd, "opened", "failed")


def test_the_window_survives_a_server_that_stops_answering(demo_pop, hostile_sshd, ssh_home, ssh_env, tmp_path):
    test_gui = os.environ.get("POPSCOPE_TEST_GUI")
    if not test_gui:
        pytest.skip("POPSCOPE_TEST_GUI is not set (run through ctest)")
    stall = tmp_path / "stall"
    hostile_sshd.set_mode(stall_flag=str(stall))
    env, signals = gui_env_for_a_copy(demo_pop, hostile_sshd, ssh_home, ssh_env, tmp_path, "stalled.pop",
                                      POPSCOPE_SSH_CACHE="off")

    class Stalling:  # "killed": every read of the server stops being answered; "restarted": answered again
        kill = stall.touch
        restart = staticmethod(lambda: stall.unlink())

    run_gui_kill_and_restart(test_gui, "[remote-stall]", env, signals, Stalling, "opened", "failed")


def test_the_window_reopens_from_the_disk_cache_and_checks_in_the_background(demo_pop, fresh_sshd, ssh_home,
                                                                            ssh_env, tmp_path):
    test_gui = os.environ.get("POPSCOPE_TEST_GUI")
    if not test_gui:
        pytest.skip("POPSCOPE_TEST_GUI is not set (run through ctest)")
    env, signals = gui_env_for_a_copy(demo_pop, fresh_sshd, ssh_home, ssh_env, tmp_path, "kept.pop",
                                      XDG_CACHE_HOME=str(tmp_path / "cache"))
    run_gui_kill_and_restart(test_gui, "[remote-cache-first]", env, signals, fresh_sshd, "cached", "replaced")


def other_key_line(ssh_home):
    """An ed25519 key that is not the server's ("ssh-ed25519 AAAA..."): the user's own key."""
    with open(ssh_home.plain_key + ".pub") as f:
        return " ".join(f.read().split()[:2])


def test_host_key_alias_is_the_name_the_key_is_checked_and_recorded_under(cli, demo_pop, sshd, ssh_home,
                                                                          ssh_env):
    ssh_home.forget()
    ssh_home.write_config(ssh_home.host_block("aliased", sshd, HostKeyAlias="ipu-box",
                                              StrictHostKeyChecking="accept-new", HashKnownHosts="no"))
    first = run(cli, "summary", f"aliased:{demo_pop}", env=ssh_env)
    assert first.returncode == 0, first.stderr
    assert open(ssh_home.known_hosts).read() == f"ipu-box {sshd.host_pubkey_line}\n"
    # OpenSSH finds the key popscope recorded under the alias, and asks nothing.
    ssh = subprocess.run(["ssh", "-F", ssh_home.config, "-o", "StrictHostKeyChecking=yes", "aliased", "true"],
                         env=ssh_env, capture_output=True, text=True, timeout=30)
    assert ssh.returncode == 0, ssh.stderr
    # A wrong key under the alias is refused, though the host's own name holds the right one.
    ssh_home.forget()
    ssh_home.trust(sshd)
    with open(ssh_home.known_hosts, "a") as known:
        known.write(f"ipu-box {other_key_line(ssh_home)}\n")
    before = open(ssh_home.known_hosts).read()
    changed = run(cli, "summary", f"aliased:{demo_pop}", env=ssh_env, answer="yes\n")
    assert changed.returncode == REMOTE_FAILED
    assert "REFUSED: the host key has CHANGED" in changed.stderr
    assert "under its HostKeyAlias ipu-box" in changed.stderr
    assert open(ssh_home.known_hosts).read() == before


def test_hash_known_hosts_records_an_accepted_key_under_a_hashed_name(cli, demo_pop, sshd, ssh_home, ssh_env):
    ssh_home.forget()
    ssh_home.write_config(ssh_home.host_block("hashed", sshd, HashKnownHosts="yes",
                                              StrictHostKeyChecking="ask", BatchMode="no"))
    accepted = run_on_terminal(cli, "summary", f"hashed:{demo_pop}", env=ssh_env, answer="yes\n")
    assert accepted.returncode == 0, accepted.stderr
    assert "Are you sure you want to continue connecting" in accepted.tty
    recorded = open(ssh_home.known_hosts).read()
    assert recorded.startswith("|1|") and recorded.count("\n") == 1
    assert "127.0.0.1" not in recorded and recorded.rstrip().endswith(sshd.host_pubkey_line)
    # OpenSSH's own reader matches the hashed name to the host and port...
    assert sshd.host_pubkey_line in known_host_keys(ssh_home.known_hosts, f"[127.0.0.1]:{sshd.port}")
    # ...and so does popscope's: known now, no question (no terminal to ask on, so one would fail).
    again = run(cli, "summary", f"hashed:{demo_pop}", env=ssh_env)
    assert again.returncode == 0, again.stderr
    assert open(ssh_home.known_hosts).read() == recorded
