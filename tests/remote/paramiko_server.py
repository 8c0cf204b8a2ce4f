"""What the remote tests' paramiko servers share: a listener on 127.0.0.1, a fresh ECDSA host key
that `known_hosts_line` trusts, a thread that starts a server transport for each connection
(`serve` sets it up), and a `with` block that closes them all."""
import contextlib
import socket
import threading

import paramiko


class ParamikoServer:
    def __init__(self):
        self.key = paramiko.ECDSAKey.generate()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.port = self.listener.getsockname()[1]
        self.known_hosts_line = f"[127.0.0.1]:{self.port} {self.key.get_name()} {self.key.get_base64()}"
        self.transports = []
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def serve(self, transport):
        """Starts the server on a new connection's transport (its host key already added)."""
        raise NotImplementedError

    def close_handlers(self):
        """Called first when the block ends: what a subclass holds back is let go."""

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:  # closed
                return
            transport = paramiko.Transport(connection)
            transport.add_server_key(self.key)
            self.transports.append(transport)
            self.serve(transport)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.close_handlers()
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)  # ends the accept() under way
        self.listener.close()
        for transport in self.transports:
            transport.close()
        self.thread.join(timeout=10)
