"""loopback.py - what the Python test clients share: sockets on loopback,
bound to a chosen source address, and bounded reads.  Imported by
share_clients.py, resume_clients.py and crowd_clients.py."""
import select
import socket
import time


def parse(address):
    """("127.0.0.1", 7878) from "127.0.0.1:7878"."""
    host, port = address.rsplit(":", 1)
    return host, int(port)


def connect(address, source=None, timeout=10.0, receive_buffer=None):
    """A TCP connection to address, from source (an address of
    127.0.0.0/8) when given, with a small receive window when asked."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    if source is not None:
        sock.bind((source, 0))
    sock.connect(parse(address))
    return sock


def read_until(sock, done, timeout):
    """Bytes read until done(data), the timeout or the peer's close;
    returns (data, closed)."""
    data = b""
    end = time.monotonic() + timeout
    while not done(data):
        left = end - time.monotonic()
        if left <= 0:
            return data, False
        ready, _, _ = select.select([sock], [], [], left)
        if not ready:
            return data, False
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, socket.timeout):
            return data, True
        if not chunk:
            return data, True
        data += chunk
    return data, False
