"""An SSH server (paramiko) on 127.0.0.1 that completes the key exchange, then stops answering at
one point, as a hung jump host or bastion would: `"auth"` (the first authentication request is
never answered) or `"tunnel"` (any key is accepted, then the request for a forwarded channel to the
target is never answered). Its host key is a fresh ECDSA key; `known_hosts_line` trusts it.

    with StallingSshServer("tunnel") as jump:
        ... jump.port, jump.known_hosts_line ...

Leaving the block releases every stalled handler and closes every connection.
"""
import contextlib
import socket
import threading

import paramiko


class _Stalling(paramiko.ServerInterface):
    def __init__(self, stall_at, release):
        self.stall_at, self.release = stall_at, release

    def get_allowed_auths(self, username):
        return "publickey"

    def check_auth_publickey(self, username, key):
        if self.stall_at == "auth":
            self.release.wait()
        return paramiko.AUTH_SUCCESSFUL

    def check_channel_direct_tcpip_request(self, chanid, origin, destination):
        self.release.wait()
        return paramiko.OPEN_FAILED_ADMINISTRATIVELY_PROHIBITED


class StallingSshServer:
    def __init__(self, stall_at):
        self.stall_at = stall_at
        self.key = paramiko.ECDSAKey.generate()
        self.release = threading.Event()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.port = self.listener.getsockname()[1]
        self.known_hosts_line = f"[127.0.0.1]:{self.port} {self.key.get_name()} {self.key.get_base64()}"
        self.transports = []
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:  # closed
                return
            transport = paramiko.Transport(connection)
            transport.add_server_key(self.key)
            self.transports.append(transport)
            transport.start_server(server=_Stalling(self.stall_at, self.release))

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.release.set()
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)  # ends the accept() under way
        self.listener.close()
        for transport in self.transports:
            transport.close()
        self.thread.join(timeout=10)
