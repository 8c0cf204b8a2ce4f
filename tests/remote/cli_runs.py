"""Running popscope-cli for the remote tests: with no controlling terminal (`run`), or with a
pseudo-terminal as its controlling terminal, answering its questions there (`run_on_terminal`).

Exit code 13 is "remote profile failed" (popscope-cli --help).
"""
import fcntl
import os
import pty
import select
import subprocess
import termios

REMOTE_FAILED = 13


def run(cli, *args, env, answer=""):
    """Runs the CLI with no controlling terminal: `answer` reaches its standard input only."""
    return subprocess.run([cli, *args], env=env, input=answer, capture_output=True, text=True, timeout=60,
                          start_new_session=True)


def run_on_terminal(cli, *args, env, answer):
    """Runs the CLI with a pseudo-terminal as its controlling terminal and types `answer` there,
    line by line as each question appears. Returns the result with the terminal's text in .tty."""
    master, slave = pty.openpty()

    def take_terminal():
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    process = subprocess.Popen([cli, *args], env=env, stdin=slave, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=take_terminal)
    os.close(slave)
    tty, lines = b"", list(answer.splitlines(keepends=True))
    while True:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the process ended and closed the terminal
                break
            tty += chunk
            if lines and (chunk.rstrip().endswith(b"?") or chunk.rstrip().endswith(b":")):
                os.write(master, lines.pop(0).encode())
        elif process.poll() is not None:
            break
    stdout, stderr = process.communicate(timeout=60)
    os.close(master)
    result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
    result.tty = tty.decode(errors="replace")
    return result
