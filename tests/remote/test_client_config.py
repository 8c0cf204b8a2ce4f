"""popscope-cli follows the ssh client's configuration as OpenSSH does: the known_hosts line a
refusal names.

Exit code 13 is "remote profile failed" (popscope-cli --help).
"""
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
