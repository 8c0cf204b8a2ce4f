#!/usr/bin/env python3
"""A hostile SFTP server (protocol version 3) for the remote tests, run by the private sshd as its
sftp subsystem: it serves the real files it is asked for, then misbehaves as its mode file says.

    Subsystem sftp /usr/bin/python3 hostile_sftp.py MODE.json

MODE.json (read at each session's start, so one server can switch modes between tests):
    claim_size      report this size for every regular file instead of the real one
    mtime_offset    report every file's modification time this many seconds later (a new version)
    short_reads     answer every READ with at most this many bytes (legal in SFTP)
    stall_after     answer this many READs, then never answer again (the process stays alive)
    stall_on_open   never answer OPEN
    stall_on_close  never answer CLOSE
    stall_flag      while this file exists, never answer a READ or a READDIR
    entries         list this many made-up entries in every folder, `batch` per READDIR (100)
    markup_names    the made-up entries' names hold HTML markup
Every request is appended to MODE.json + ".log" as one line (its type and, for READ, the length),
and "stalled" when the server stops answering.
"""
import json
import os
import stat
import struct
import sys
import time

VERSION, OPEN, CLOSE, READ, LSTAT, FSTAT, OPENDIR, READDIR, REALPATH, STAT = 2, 3, 4, 5, 7, 8, 11, 12, 16, 17
STATUS, HANDLE, DATA, NAME, ATTRS = 101, 102, 103, 104, 105
OK, EOF, NO_SUCH_FILE, FAILURE, UNSUPPORTED = 0, 1, 2, 4, 8


def read_exactly(stream, n):
    data = b""
    while len(data) < n:
        chunk = stream.read(n - len(data))
        if not chunk:
            sys.exit(0)
        data += chunk
    return data


class Server:
    def __init__(self, mode_path):
        with open(mode_path) as f:
            self.mode = json.load(f)
        self.mode_path = mode_path
        self.log = open(mode_path + ".log", "a", buffering=1)
        self.handles, self.next_handle, self.reads = {}, 0, 0
        self.out = sys.stdout.buffer

    def send(self, kind, payload):
        self.out.write(struct.pack(">IB", len(payload) + 1, kind) + payload)
        self.out.flush()

    @staticmethod
    def string(value):
        value = value.encode() if isinstance(value, str) else value
        return struct.pack(">I", len(value)) + value

    def status(self, rid, code, message):
        self.send(STATUS, struct.pack(">II", rid, code) + self.string(message) + self.string(""))

    def attrs(self, st):
        size = self.mode.get("claim_size", st.st_size) if stat.S_ISREG(st.st_mode) else st.st_size
        return struct.pack(">IQIIIII", 0xF, size, st.st_uid, st.st_gid, st.st_mode, int(st.st_atime),
                           int(st.st_mtime) + self.mode.get("mtime_offset", 0))

    def stall(self):
        self.log.write("stalled\n")
        while True:
            time.sleep(3600)

    def serve(self, stream):
        while True:
            length, kind = struct.unpack(">IB", read_exactly(stream, 5))
            body = read_exactly(stream, length - 1)
            if kind == 1:  # INIT
                self.send(VERSION, struct.pack(">I", 3))
                continue
            rid = struct.unpack(">I", body[:4])[0]
            self.log.write(f"{kind}\n")
            self.handle(kind, rid, body[4:])

    def take_string(self, body):
        n = struct.unpack(">I", body[:4])[0]
        return body[4:4 + n], body[4 + n:]

    def handle(self, kind, rid, body):
        if kind in (OPEN, OPENDIR, STAT, LSTAT, REALPATH):
            path, rest = self.take_string(body)
            path = path.decode(errors="replace")
        if kind == OPEN:
            if self.mode.get("stall_on_open"):
                self.stall()
            try:
                fd = os.open(path, os.O_RDONLY)
            except OSError as error:
                return self.status(rid, NO_SUCH_FILE, f"<b>{error.strerror}</b>")
            return self.new_handle(rid, ("file", fd))
        if kind == OPENDIR:
            return self.new_handle(rid, ("dir", self.listing(path)))
        if kind in (STAT, LSTAT):
            try:
                return self.send(ATTRS, struct.pack(">I", rid) + self.attrs(os.stat(path)))
            except OSError as error:
                return self.status(rid, NO_SUCH_FILE, error.strerror)
        if kind == REALPATH:
            real = os.path.realpath(path or ".")
            return self.send(NAME, struct.pack(">II", rid, 1) + self.string(real) + self.string(real)
                             + struct.pack(">I", 0))
        handle, rest = self.take_string(body)
        entry = self.handles.get(handle)
        if entry is None:
            return self.status(rid, FAILURE, "no such handle")
        if kind == CLOSE:
            if self.mode.get("stall_on_close"):
                self.stall()
            if entry[0] == "file":
                os.close(entry[1])
            del self.handles[handle]
            return self.status(rid, OK, "")
        if kind == FSTAT:
            return self.send(ATTRS, struct.pack(">I", rid) + self.attrs(os.fstat(entry[1])))
        if kind == READ:
            return self.read(rid, entry[1], *struct.unpack(">QI", rest[:12]))
        if kind == READDIR:
            return self.read_dir(rid, entry[1])
        return self.status(rid, UNSUPPORTED, "not supported")

    def new_handle(self, rid, entry):
        self.next_handle += 1
        handle = str(self.next_handle).encode()
        self.handles[handle] = entry
        self.send(HANDLE, struct.pack(">I", rid) + self.string(handle))

    def read(self, rid, fd, offset, length):
        self.reads += 1
        self.log.write(f"read {length}\n")
        if "stall_after" in self.mode and self.reads > self.mode["stall_after"]:
            self.stall()
        if "stall_flag" in self.mode and os.path.exists(self.mode["stall_flag"]):
            self.stall()
        length = min(length, self.mode.get("short_reads", length))
        data = os.pread(fd, length, offset)
        if not data:
            return self.status(rid, EOF, "end of file")
        self.send(DATA, struct.pack(">I", rid) + self.string(data))

    def listing(self, path):
        if "entries" not in self.mode:
            names = sorted(os.listdir(path))
            return iter([(name, os.stat(os.path.join(path, name))) for name in names])
        regular = os.stat(self.mode_path)
        # Markup without a slash: a name never holds one.
        template = "<b>report<br><a href=x>{}.pop" if self.mode.get("markup_names") else "report-{}.pop"
        return ((template.format(i), regular) for i in range(self.mode["entries"]))

    def read_dir(self, rid, entries):
        if "stall_flag" in self.mode and os.path.exists(self.mode["stall_flag"]):
            self.stall()
        batch = []
        for name, st in entries:
            # The long name as `ls -l` prints it: libssh reads the owner and group from it.
            longname = f"-rw-r--r--    1 root     root     {st.st_size:8d} Jan  1 00:00 {name}"
            batch.append(self.string(name) + self.string(longname) + self.attrs(st))
            if len(batch) == self.mode.get("batch", 100):
                break
        if not batch:
            return self.status(rid, EOF, "end of folder")
        self.send(NAME, struct.pack(">II", rid, len(batch)) + b"".join(batch))


if __name__ == "__main__":
    Server(sys.argv[1]).serve(sys.stdin.buffer)
