"""popscope-cli follows the ssh client's configuration as OpenSSH does: the known_hosts line a
refusal names, IdentitiesOnly, the system-wide ssh config, the disk cache's key (the user, host and
port the config resolves an address to) and the terminal's echo after Ctrl-C at a hidden prompt.

Exit code 13 is "remote profile failed" (popscope-cli --help).
"""
import fcntl
import json
import os
import select
import signal
import subprocess
import termios
import time
import types

from cli_runs import REMOTE_FAILED, run


def user_key_line(ssh_home):
    """An ed25519 key that is not the server's ("ssh-ed25519 AAAA..."): the user's own key."""
    with open(ssh_home.plain_key + ".pub") as f:
        return " ".join(f.read().split()[:2])


def test_a_changed_host_key_names_the_file_and_line_that_hold_the_old_key(cli, demo_pop, sshd, ssh_home,
                                                                         ssh_env, tmp_path):
    ssh_home.forget()
    second, global_file = tmp_path / "second_known_hosts", tmp_path / "global_known_hosts"
    wrong = f"[127.0.0.1]:{sshd.port} {user_key_line(ssh_home)}\n"
    second.write_text("# the lab's hosts\nipu-9 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOz\n" + wrong)
    global_file.write_text("")
    ssh_home.write_config(ssh_home.host_block("listed", sshd,
                                              UserKnownHostsFile=f"{ssh_home.known_hosts} {second}",
                                              GlobalKnownHostsFile=str(global_file)))
    in_second = run(cli, "summary", f"listed:{demo_pop}", env=ssh_env)
    assert in_second.returncode == REMOTE_FAILED
    assert f"has CHANGED since it was recorded in {second}:3 " in in_second.stderr
    assert f"{ssh_home.known_hosts}" not in in_second.stderr  # not the first file, which has no line
    # Only the global file holds the old key: it is the one named.
    second.write_text("")
    global_file.write_text("# managed by the lab\n" + wrong)
    in_global = run(cli, "summary", f"listed:{demo_pop}", env=ssh_env)
    assert in_global.returncode == REMOTE_FAILED
    assert f"has CHANGED since it was recorded in {global_file}:2 " in in_global.stderr
    assert open(ssh_home.known_hosts).read() == "" and second.read_text() == ""


def test_identities_only_offers_the_configured_identity_file_alone(cli, demo_pop, sshd, ssh_home, ssh_env,
                                                                   ssh_agent, tmp_path):
    stranger = str(tmp_path / "id_stranger")  # a key the server does not know
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", stranger], check=True,
                   stdin=subprocess.DEVNULL)
    ssh_home.write_config(ssh_home.host_block("only", sshd, identity=stranger, IdentitiesOnly="yes"),
                          ssh_home.host_block("any", sshd, identity=stranger), default_identity=None)
    # The agent holds a key the server accepts, but IdentitiesOnly leaves it unasked.
    refused = run(cli, "summary", f"only:{demo_pop}", env=ssh_env)
    assert refused.returncode == REMOTE_FAILED
    assert f"authentication failed (tried {stranger})" in refused.stderr
    # Without IdentitiesOnly the agent is asked too, and its key logs in.
    sshd.mark()
    agent = run(cli, "summary", f"any:{demo_pop}", env=ssh_env)
    assert agent.returncode == 0, agent.stderr
    sshd.wait_for_log("Accepted publickey")


def test_the_system_ssh_config_is_read_after_the_users(cli, demo_pop, sshd, ssh_home, ssh_env, tmp_path):
    system = tmp_path / "ssh_config"
    system.write_text(f"Host lab-*\n    HostName 127.0.0.1\n    Port {sshd.port}\n    User {sshd.user}\n"
                      "Host mine\n    Port 1\n"
                      "Host bastioned\n    ProxyCommand /bin/false\n")
    ssh_home.write_config(ssh_home.host_block("mine", sshd))
    env = dict(ssh_env, POPSCOPE_SSH_SYSTEM_CONFIG=str(system))
    # A host only the system's file describes; the user's `Host *` still gives the key and known_hosts.
    only_system = run(cli, "summary", f"lab-ipu:{demo_pop}", env=env)
    assert only_system.returncode == 0, only_system.stderr
    # The user's file comes first: its Port wins over the system's.
    assert run(cli, "summary", f"mine:{demo_pop}", env=env).returncode == 0
    # A line the system's file holds is policed like the user's, named by its file and line.
    refused = run(cli, "summary", f"bastioned:{demo_pop}", env=env)
    assert refused.returncode == REMOTE_FAILED
    assert f"{system}:8: ProxyCommand is not supported" in refused.stderr


def test_the_disk_cache_is_shared_by_addresses_of_one_user_host_and_port_only(cli, demo_pop, ssh_home, ssh_env,
                                                                              tmp_path, required_import):
    required_import("paramiko")
    import any_user_sftp
    with any_user_sftp.AnyUserSftpServer() as server:
        with open(ssh_home.known_hosts, "a") as known:
            known.write(server.known_hosts_line + "\n")
        target = types.SimpleNamespace(host="127.0.0.1", port=server.port, user="ann")
        ssh_home.write_config(ssh_home.host_block("gpu", target))
        env = dict(ssh_env, XDG_CACHE_HOME=str(tmp_path / "cache"))

        def summary(address):
            mark = server.mark()
            result = run(cli, "summary", "--json", address, env=env)
            assert result.returncode == 0, result.stderr
            figures = json.loads(result.stdout)
            figures.pop("path")
            return figures, set(server.logins_since(mark)), server.bytes_read_since(mark)

        first, logins, read = summary(f"gpu:{demo_pop}")
        assert logins == {"ann"} and read > 0
        # The address as typed differs; the user, host and port it resolves to do not: all from disk.
        again, logins, read = summary(server.url("ann", demo_pop))
        assert logins == {"ann"} and read == 0
        assert again == first
        # Another user on the same host and port has an entry of its own: read from the server.
        _, logins, read = summary(f"ssh://bob@gpu{demo_pop}")
        assert logins == {"bob"} and read > 0
        _, logins, read = summary(server.url("bob", demo_pop))
        assert logins == {"bob"} and read == 0


def test_ctrl_c_at_a_hidden_passphrase_prompt_turns_the_echo_back_on(cli, demo_pop, sshd, ssh_home, ssh_env):
    ssh_home.write_config(ssh_home.host_block("locked", sshd, identity="encrypted", BatchMode="no"),
                          default_identity=None)
    master, slave = os.openpty()
    process = subprocess.Popen([cli, "summary", f"locked:{demo_pop}"], env=ssh_env, stdin=slave,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    try:
        shown, deadline = b"", time.monotonic() + 30  # a bound on a broken run, not a measurement
        while b"Passphrase for the key" not in shown:
            assert time.monotonic() < deadline and process.poll() is None, shown
            if select.select([master], [], [], 0.2)[0]:
                shown += os.read(master, 4096)
        assert not termios.tcgetattr(slave)[3] & termios.ECHO  # hidden while it is asked
        os.write(master, b"\x03")  # Ctrl-C, as typed
        process.communicate(timeout=30)
        assert process.returncode == -signal.SIGINT
        assert termios.tcgetattr(slave)[3] & termios.ECHO  # the shell gets its echo back
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
        os.close(master)
        os.close(slave)
