"""An SSH server (paramiko) on 127.0.0.1 that logs in any user name with any key and serves the
real files over SFTP, read-only, counting the bytes each login reads: two users on one host
without a second account on the machine. Its host key is a fresh ECDSA key; `known_hosts_line`
trusts it.

    with AnyUserSftpServer() as server:
        mark = server.mark()
        ... server.port, server.known_hosts_line, server.bytes_read_since(mark, "ann") ...
"""
import os

import paramiko

from paramiko_server import ParamikoServer


class _AnyUser(paramiko.ServerInterface):
    def __init__(self, logins):
        self.logins, self.login = logins, None

    def get_allowed_auths(self, username):
        return "publickey"

    def check_auth_publickey(self, username, key):
        # paramiko has checked the signature: any key of the right form logs in as anyone.
        self.login = {"user": username, "bytes": 0}
        self.logins.append(self.login)
        return paramiko.AUTH_SUCCESSFUL

    def check_channel_request(self, kind, chanid):
        return paramiko.OPEN_SUCCEEDED if kind == "session" else paramiko.OPEN_FAILED_ADMINISTRATIVELY_PROHIBITED


class _Handle(paramiko.SFTPHandle):
    def __init__(self, path, counter):
        super().__init__()
        self.readfile = open(path, "rb")
        self.counter = counter

    def read(self, offset, length):
        data = super().read(offset, length)
        if isinstance(data, bytes):
            self.counter(len(data))
        return data

    def stat(self):
        return paramiko.SFTPAttributes.from_stat(os.fstat(self.readfile.fileno()))


class _ReadOnlyFiles(paramiko.SFTPServerInterface):
    def __init__(self, server, *args, **kwargs):
        super().__init__(server, *args, **kwargs)
        self.login = server.login

    def _count(self, n):
        self.login["bytes"] += n

    def open(self, path, flags, attr):
        try:
            return _Handle(path, self._count)
        except OSError as error:
            return paramiko.SFTPServer.convert_errno(error.errno)

    def stat(self, path):
        try:
            return paramiko.SFTPAttributes.from_stat(os.stat(path))
        except OSError as error:
            return paramiko.SFTPServer.convert_errno(error.errno)

    lstat = stat

    def canonicalize(self, path):
        return os.path.realpath(path)


class AnyUserSftpServer(ParamikoServer):
    def __init__(self):
        super().__init__()
        self.logins = []  # {"user", "bytes"} of each login, in order

    def serve(self, transport):
        transport.set_subsystem_handler("sftp", paramiko.SFTPServer, _ReadOnlyFiles)
        transport.start_server(server=_AnyUser(self.logins))

    def url(self, user, path):
        return f"ssh://{user}@127.0.0.1:{self.port}{path}"

    def mark(self):
        return len(self.logins)

    def logins_since(self, mark):
        """The user names of the logins since `mark`."""
        return [login["user"] for login in self.logins[mark:]]

    def bytes_read_since(self, mark):
        """The bytes the logins since `mark` read. A run's reads are all answered before it ends."""
        return sum(login["bytes"] for login in self.logins[mark:])
