"""The harness itself, checked with the real OpenSSH clients (`ssh`, `sftp`): key auth, the sftp
byte count, the agent, ProxyJump, kill/restart and a changed host key. OpenSSH expands `~` from
the password database, not $HOME, so every client gets `-F <ssh_home.config>` (absolute paths)."""
import filecmp
import os
import shutil
import subprocess
import sys
import time

import pytest

MiB = 1 << 20


def run(args, env, stdin=None, timeout=20):
    return subprocess.run(args, env=env, input=stdin, capture_output=True, text=True, timeout=timeout)


def ssh(home, env, alias, *command):
    return run(["ssh", "-F", home.config, alias, *command], env)


def fingerprint(pub_path):
    out = subprocess.run(["ssh-keygen", "-l", "-f", pub_path], capture_output=True, text=True, check=True)
    return out.stdout.split()[1]  # SHA256:...


def test_key_auth_and_sftp_bytes_read(sshd, ssh_home, ssh_env, random_file, tmp_path):
    ssh_home.write_config(ssh_home.host_block("target", sshd))
    copy = tmp_path / "copy.bin"
    sshd.mark()
    done = run(["sftp", "-b", "-", "-F", ssh_home.config, "target"], ssh_env, f'get "{random_file}" "{copy}"\n')
    assert done.returncode == 0, done.stderr
    assert filecmp.cmp(random_file, copy, shallow=False)
    assert sshd.wait_bytes_read(MiB, random_file) == MiB
    assert f'close "{random_file}" bytes read {MiB} written 0' in sshd.sftp_log_since_mark()
    assert sshd.bytes_read("no-such-path") == 0
    assert f"Accepted publickey for {sshd.user}" in sshd.log_since_mark()


def test_unknown_host_key_is_refused(sshd, ssh_home, ssh_env):
    ssh_home.write_config(ssh_home.host_block("target", sshd))
    ssh_home.forget()
    done = ssh(ssh_home, ssh_env, "target", "true")
    assert done.returncode == 255 and "Host key verification failed" in done.stderr, done.stderr


def test_encrypted_key_needs_its_passphrase(sshd, ssh_home, ssh_env):
    # IdentityFile lines accumulate over matching blocks: keep `Host *` from adding the plain key
    ssh_home.write_config(ssh_home.host_block("target", sshd, identity="encrypted"), default_identity=None)
    refused = ssh(ssh_home, ssh_env, "target", "true")  # BatchMode: no passphrase prompt
    assert refused.returncode == 255 and "Permission denied" in refused.stderr, refused.stderr
    env = {**ssh_env, **ssh_home.askpass_env(ssh_home.passphrase)}
    done = ssh(ssh_home, env, "-o", "BatchMode=no", "target", "echo", "ok")
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr


def test_agent_offers_the_only_usable_key(sshd, ssh_home, ssh_agent, ssh_env):
    assert ssh_env["SSH_AUTH_SOCK"] == ssh_agent.sock
    ssh_home.write_config(ssh_home.host_block("target", sshd, identity=None), default_identity=None)
    sshd.mark()
    done = ssh(ssh_home, ssh_env, "target", "echo", "ok")
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr
    sshd.wait_for_log(fingerprint(ssh_home.plain_key + ".pub"))
    without_agent = {k: v for k, v in ssh_env.items() if k != "SSH_AUTH_SOCK"}
    refused = ssh(ssh_home, without_agent, "target", "true")
    assert refused.returncode == 255 and "Permission denied" in refused.stderr, refused.stderr


def test_env_has_no_agent_unless_asked(ssh_env, ssh_home):
    assert "SSH_AUTH_SOCK" not in ssh_env and ssh_env["HOME"] == ssh_home.path


def test_proxy_jump(sshd, jump_sshd, ssh_home, ssh_env, random_file, tmp_path):
    ssh_home.trust(jump_sshd)
    ssh_home.write_config(ssh_home.host_block("jump", jump_sshd),
                          ssh_home.host_block("target", sshd, proxy_jump="jump"))
    sshd.mark()
    jump_sshd.mark()
    copy = tmp_path / "copy.bin"
    done = run(["sftp", "-b", "-", "-F", ssh_home.config, "target"], ssh_env, f'get "{random_file}" "{copy}"\n')
    assert done.returncode == 0, done.stderr
    assert sshd.wait_bytes_read(MiB, random_file) == MiB
    jump_sshd.wait_for_log(f"Accepted publickey for {jump_sshd.user}")
    assert jump_sshd.bytes_read() == 0  # the jump host only forwarded the TCP stream
    # the same hop as an explicit `ProxyCommand ssh -F CONFIG -W ...` (libssh 0.10 turns ProxyJump
    # into `ssh -W` without -F, and that child would read the passwd home's ~/.ssh)
    ssh_home.write_config(ssh_home.host_block("jump", jump_sshd),
                          ssh_home.host_block("target", sshd, proxy_jump="jump", proxy_command=True))
    assert "ProxyCommand ssh -F" in open(ssh_home.config).read()
    jump_sshd.mark()
    done = ssh(ssh_home, ssh_env, "target", "echo", "ok")
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr
    jump_sshd.wait_for_log(f"Accepted publickey for {jump_sshd.user}")


def test_kill_drops_connections_and_restart_serves_again(fresh_sshd, ssh_home, ssh_env):
    ssh_home.trust(fresh_sshd)
    ssh_home.write_config(ssh_home.host_block("fresh", fresh_sshd))
    fresh_sshd.mark()
    client = subprocess.Popen(["ssh", "-F", ssh_home.config, "fresh", "echo started; sleep 30"], env=ssh_env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert client.stdout.readline() == "started\n"
        started = time.monotonic()
        fresh_sshd.kill()
        assert client.wait(timeout=5) == 255  # the open connection dropped
        assert time.monotonic() - started < 5
    finally:
        client.kill()
        client.wait()
        client.stdout.close()
        client.stderr.close()
    refused = ssh(ssh_home, ssh_env, "fresh", "true")
    assert refused.returncode == 255 and "Connection refused" in refused.stderr, refused.stderr
    fresh_sshd.restart()
    done = ssh(ssh_home, ssh_env, "fresh", "echo", "ok")
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr


def test_replaced_host_key_is_detected(fresh_sshd, sshd, ssh_home, ssh_env):
    ssh_home.trust(fresh_sshd)
    ssh_home.write_config(ssh_home.host_block("fresh", fresh_sshd))
    old = fresh_sshd.host_pubkey_line
    assert fresh_sshd.replace_host_key() != old
    changed = ssh(ssh_home, ssh_env, "fresh", "true")
    assert changed.returncode == 255 and "REMOTE HOST IDENTIFICATION HAS CHANGED" in changed.stderr, changed.stderr
    ssh_home.forget(fresh_sshd)
    assert open(ssh_home.known_hosts).read() == sshd.known_hosts_line + "\n"  # ssh_env trusted sshd
    ssh_home.trust(fresh_sshd)
    done = ssh(ssh_home, ssh_env, "fresh", "echo", "ok")
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr


@pytest.mark.parametrize("through_ctest, outcome", [(True, "1 failed"), (False, "1 skipped")],
                         ids=["through-ctest", "by-hand"])
def test_a_popscope_pva_that_fails_to_import_fails_the_suite_run_through_ctest(tmp_path, through_ctest, outcome):
    broken = tmp_path / "broken" / "popscope"
    broken.mkdir(parents=True)
    (broken / "__init__.py").write_text("raise ImportError('the extension failed to load')\n")
    suite = tmp_path / "suite"
    suite.mkdir()
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "conftest.py"), suite)
    (suite / "test_uses_pva.py").write_text(
        "def test_opens(required_import):\n    assert required_import('popscope.pva').openReport\n")
    env = {name: value for name, value in os.environ.items() if name != "POPSCOPE_CLI"}
    env["PYTHONPATH"] = str(tmp_path / "broken")
    if through_ctest:
        env["POPSCOPE_CLI"] = "popscope-cli"  # what the ctest entry sets
    # Run from the temp folder: `python -m` puts the working folder first on the path, and ctest runs
    # in the build's python folder, which holds the real popscope package.
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(suite)], env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert outcome in done.stdout, done.stdout + done.stderr
    assert ("the extension failed to load" in done.stdout) == through_ctest
