"""An SSH server (paramiko) on 127.0.0.1 that completes the key exchange, then stops answering at
one point, as a hung jump host or bastion would: `"auth"` (the first authentication request is
never answered) or `"tunnel"` (any key is accepted, then the request for a forwarded channel to the
target is never answered). Its host key is a fresh ECDSA key; `known_hosts_line` trusts it.

    with StallingSshServer("tunnel") as jump:
        ... jump.port, jump.known_hosts_line ...

Leaving the block releases every stalled handler and closes every connection.
"""
import threading

import paramiko

from paramiko_server import ParamikoServer


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


class StallingSshServer(ParamikoServer):
    def __init__(self, stall_at):
        super().__init__()
        self.stall_at = stall_at
        self.release = threading.Event()

    def serve(self, transport):
        transport.start_server(server=_Stalling(self.stall_at, self.release))

    def close_handlers(self):
        self.release.set()
