#!/usr/bin/env python3
"""Remote reading over a loopback sshd: prints, against the budgets
of docs/performance.md,
  - the bytes the Summary of a profile reads over SFTP (popscope-cli summary; budget <= 2 % of the file),
    counted by the server's sftp-server log,
  - the window opened on the remote profile, page by page (bench_first_page_view: time to each page,
    MB read over SFTP and round trips so far), once with an empty disk cache and once reopening it
    with the blocks on disk, then the same on the local file (MB read by the process).

  /usr/bin/python3 bench/bench_remote.py BUILD_DIR [PROFILE]     (default: BUILD_DIR/profiles/bench-large.pop)

The sshd is private (tests/remote/conftest.py): its own keys, config and HOME under /tmp, 127.0.0.1 only.
"""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "remote"))
from conftest import SshHome, SshServer  # noqa: E402


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build = os.path.abspath(sys.argv[1])
    profile = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(build, "profiles", "bench-large.pop"))
    cli = os.path.join(build, "src", "cli", "popscope-cli")
    window_bench = os.path.join(build, "bench", "bench_first_page_view")
    for needed in (profile, cli, window_bench):
        if not os.path.exists(needed):
            sys.exit(f"bench_remote: {needed} is missing (build the project and bench_large_profile first)")
    size = os.path.getsize(profile)
    with tempfile.TemporaryDirectory(prefix="popscope-bench-remote-") as tmp:
        home = SshHome(os.path.join(tmp, "home"))
        server = SshServer(os.path.join(tmp, "sshd"), home.authorized_keys)
        server.start()
        try:
            home.trust(server)
            env = home.env()
            url = server.url(profile)
            print(f"{os.path.basename(profile)}: {size / 2**20:.0f} MiB, read over a loopback sshd (127.0.0.1:{server.port})\n")

            server.mark()
            start = time.monotonic()
            subprocess.run([cli, "summary", url], env=dict(env, POPSCOPE_SSH_CACHE="off"), check=True,
                           stdout=subprocess.DEVNULL)
            seconds = time.monotonic() - start
            read = server.wait_bytes_read(1, profile)
            print(f"popscope-cli summary: {seconds * 1000:.0f} ms, {read / 1e6:.2f} MB read over SFTP = "
                  f"{100 * read / size:.2f} % of the file (budget <= 2 %)\n")

            window_env = dict(env, QT_QPA_PLATFORM="offscreen", XDG_CACHE_HOME=os.path.join(tmp, "cache"))
            print("the window on the remote file (an empty disk cache):")
            server.mark()
            subprocess.run([window_bench, url], env=window_env, check=True)
            print(f"sftp-server's count for the whole run: {server.wait_bytes_read(1, profile) / 1e6:.1f} MB\n")
            print("the window on the remote file again (its blocks in the disk cache):")
            server.mark()
            subprocess.run([window_bench, url], env=window_env, check=True)
            print(f"sftp-server's count for the whole run: {server.bytes_read(profile) / 1e6:.1f} MB\n")
            print("the window on the local file:")
            subprocess.run([window_bench, profile], env=window_env, check=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
