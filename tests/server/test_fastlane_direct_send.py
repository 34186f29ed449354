"""The compiled socket writer sends a plain TCP socket's frames itself: at once, in order, never after the close.

``SocketWriter.write_directly`` (server/fastlane/_lane.pyx) lets ``offer``
write a message with one ``send`` on the socket while the transport holds
nothing unsent, rather than through ``transport.write`` (the same system
call, with uvloop's layers around it).  These tests run real sockets
on loopback, under asyncio's own loop and under uvloop, and read what the
peer receives:

* a message offered goes out without the transport's ``write``;
* when the kernel's buffer fills, what it does not take goes through the
  transport, and everything still arrives whole and in the order offered;
* once the transport is closing, or after the connection was lost and the
  kernel gave its descriptor number to a new connection, nothing is sent.

The pure twin always writes through ``transport.write`` (its ``write_directly``
says False), and so does the compiled writer on a transport of another class
(a test's stand-in, and a real TLS connection, whose socket carries
ciphertext: its peer must decrypt every frame whole).  The compiled half is
skipped when the extension was not built.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import ssl
import subprocess

import pytest

from server.fastlane import pure

try:
    from server.fastlane import _lane as compiled
except ImportError:  # no compiler at install time: only the pure twin exists
    compiled = None

try:
    import uvloop
except ImportError:  # uvloop is a dependency of the hub; a bare checkout may still lack it
    uvloop = None

needs_compiled = pytest.mark.skipif(compiled is None, reason="the compiled fast lane was not built")

LOOPS = ["asyncio"] + ([] if uvloop is None else ["uvloop"])


def run(loop_kind: str, main):
    """``main()`` on a fresh event loop of ``loop_kind``."""
    factory = uvloop.new_event_loop if loop_kind == "uvloop" else asyncio.new_event_loop
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(main())


class Counting:
    """The real transport, its writes counted: what went through ``write`` rather than straight to the socket."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self.real = transport
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(bytes(data))
        self.real.write(data)

    def __getattr__(self, name: str):
        return getattr(self.real, name)


def socket_class(twin):
    """A server protocol as the hub's is one: the writer first; fields set as uvicorn sets them."""

    class Socket(twin.SocketWriter, asyncio.Protocol):
        def __init__(self, made: asyncio.Queue) -> None:
            self.made = made
            self.close_sent = False
            self.disconnected = False
            self.lost = asyncio.get_running_loop().create_future()

        def connection_made(self, transport):
            self.direct = self.write_directly(transport)  # the real transport: its class and socket
            self.transport = Counting(transport)
            self.made.put_nowait(self)

        def pause_writing(self):
            self.paused = True

        def resume_writing(self):
            self.paused = False

        def connection_lost(self, exc):
            self.disconnected = True
            if not self.lost.done():
                self.lost.set_result(None)

    return Socket


async def serve(twin):
    """A listening server on loopback; (server, queue of the server's sockets as they connect, port)."""
    made: asyncio.Queue = asyncio.Queue()
    server = await asyncio.get_running_loop().create_server(lambda: socket_class(twin)(made), "127.0.0.1", 0)
    return server, made, server.sockets[0].getsockname()[1]


async def connect(port: int, made: asyncio.Queue, *, receive_buffer: int | None = None,
                  client: socket.socket | None = None):
    """A client socket (non-blocking, read by the test; ``client`` when given) and the server's side of it."""
    client = client or socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    client.setblocking(False)
    await asyncio.get_running_loop().sock_connect(client, ("127.0.0.1", port))
    server_side = await asyncio.wait_for(made.get(), 5)
    return client, server_side


async def read_all(client: socket.socket, size: int, *, within: float = 10.0) -> bytes:
    """Exactly ``size`` bytes from ``client`` (the event loop keeps running meanwhile)."""
    loop = asyncio.get_running_loop()
    got = bytearray()
    deadline = loop.time() + within
    while len(got) < size:
        assert loop.time() < deadline, f"read {len(got)} of {size} bytes"
        chunk = await asyncio.wait_for(loop.sock_recv(client, 65536), max(0.1, deadline - loop.time()))
        assert chunk, f"the connection closed after {len(got)} of {size} bytes"
        got += chunk
    return bytes(got)


async def nothing_arrives(client: socket.socket, wait: float = 0.3) -> bool:
    """True when ``client`` receives no byte within ``wait`` seconds."""
    try:
        chunk = await asyncio.wait_for(asyncio.get_running_loop().sock_recv(client, 1), wait)
    except TimeoutError:
        return True
    return not chunk  # (an orderly close reads as b"": nothing was sent either)


@needs_compiled
@pytest.mark.parametrize("loop_kind", LOOPS)
def test_a_plain_tcp_socket_is_sent_each_message_at_once_in_order(loop_kind):
    messages = [b"\x81\xa1t\xa6change", "h\u00e9llo", b"x" * 125, b"y" * 126, b"z" * 70_000, '{"t":"ack"}']

    async def main():
        server, made, port = await serve(compiled)
        client, side = await connect(port, made)
        assert side.direct is True and side.writes_directly is True
        expected = b""
        for message in messages:
            assert side.offer(message) is True
            expected += pure.frame_message(message)
        assert side.transport.writes == []  # every frame sent by the writer itself
        assert await read_all(client, len(expected)) == expected
        client.close()
        server.close()

    run(loop_kind, main)


@needs_compiled
@pytest.mark.parametrize("loop_kind", LOOPS)
def test_what_the_kernel_cannot_take_follows_through_the_transport_in_order(loop_kind):
    """A slow peer: partial sends, then the transport's buffer, then a pause; all of it arrives whole and in order.

    The peer reads a little and a message is offered at once, before the
    event loop has had a turn to write what the transport holds: the kernel
    then has room, but the message must still wait behind those bytes.
    """

    async def main():
        server, made, port = await serve(compiled)
        client, side = await connect(port, made, receive_buffer=4096)
        side.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        side.transport.set_write_buffer_limits(high=256 * 1024)
        received = bytearray()
        expected, frames, offered, held, paused = b"", set(), 0, 0, 0
        for _ in range(20_000):  # bounded: a paused socket offers nothing until the peer reads
            if offered == 400:
                break
            # each one different from the last; every tenth bigger than what loopback's kernel takes in one go
            size = 100_000 + offered if offered % 10 == 5 else 1000 + 37 * (offered % 50)
            message = bytes([offered % 251]) * size
            answer = side.offer(message)
            if answer is True:
                expected += pure.frame_message(message)
                frames.add(pure.frame_message(message))
                offered += 1
                held += side.transport.get_write_buffer_size() > 0
            else:
                assert answer is False  # paused: the transport holds more than its high mark
                paused += 1
            # first the peer reads nothing (the kernel's buffer fills, a frame goes partly), then a little at a
            # time, and the next offer comes before the event loop has written what the transport holds
            if answer is False or (offered > 100 and offered % 3 == 0):
                try:
                    received += client.recv(65536 if answer is False else 8192)
                except BlockingIOError:
                    pass
            if offered % 7 == 0 or answer is False:
                await asyncio.sleep(0)
        assert offered == 400
        assert held > 0, "the kernel took everything: the test did not fill its buffer"
        assert paused > 0, "the transport never held enough to pause the socket"
        writes = side.transport.writes
        assert any(write not in frames for write in writes), "no frame was sent in part"
        assert any(write in frames for write in writes), "no frame waited whole behind the transport's bytes"
        assert len(b"".join(writes)) < len(expected)  # the rest went straight to the socket
        received += await read_all(client, len(expected) - len(received), within=20)
        assert bytes(received) == expected
        client.close()
        server.close()

    run(loop_kind, main)


@needs_compiled
@pytest.mark.parametrize("loop_kind", LOOPS)
def test_a_closed_socket_is_never_sent_to_even_when_its_number_is_reused(loop_kind):
    async def main():
        server, made, port = await serve(compiled)
        client, old = await connect(port, made)
        fd = old.transport.get_extra_info("socket").fileno()
        newcomer = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # its number taken before the old one is freed
        old.transport.close()
        # closing, not yet lost: the descriptor is still the old connection's, and nothing is sent
        assert old.offer(b"after the close") is None
        await asyncio.wait_for(old.lost, 5)
        assert await nothing_arrives(client)
        # a new connection: the kernel hands the server the lowest free number, the old one's
        newcomer, other = await connect(port, made, client=newcomer)
        assert other.transport.get_extra_info("socket").fileno() == fd
        old.disconnected = False  # even were the flag lost, the transport says it is closing
        assert old.offer(b"to the wrong peer") is None
        assert await nothing_arrives(newcomer)
        assert old.transport.writes == []
        assert other.offer(b"to the right peer") is True
        frame = pure.frame_message(b"to the right peer")
        assert await read_all(newcomer, len(frame)) == frame
        newcomer.close()
        client.close()
        server.close()

    run(loop_kind, main)


class StandIn:
    """A transport of another class (as TLS's is): it has a socket, but the writer must not send on it."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.writes: list[bytes] = []

    def get_extra_info(self, name: str, default=None):
        return self.sock if name == "socket" else default

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return 0

    def write(self, data: bytes) -> None:
        self.writes.append(data)


@pytest.mark.parametrize("twin", [pure] + ([] if compiled is None else [compiled]),
                         ids=lambda twin: twin.__name__.rsplit(".", 1)[-1])
def test_another_transport_and_the_pure_twin_are_written_through_write(twin):
    left, right = socket.socketpair()
    try:

        class Socket(twin.SocketWriter, asyncio.Protocol):
            pass

        writer = Socket()
        writer.close_sent = writer.disconnected = False
        writer.transport = StandIn(left)
        assert writer.write_directly(writer.transport) is False
        assert writer.writes_directly is False
        assert writer.offer(b"through write") is True
        assert writer.transport.writes == [pure.frame_message(b"through write")]
        right.setblocking(False)
        with pytest.raises(BlockingIOError):  # nothing went to the socket itself
            right.recv(1)
    finally:
        left.close()
        right.close()


@pytest.mark.parametrize("loop_kind", LOOPS)
def test_the_pure_twin_never_sends_itself_on_a_real_socket(loop_kind):
    async def main():
        server, made, port = await serve(pure)
        client, side = await connect(port, made)
        assert side.direct is False and side.writes_directly is False
        assert side.offer(b"queued") is True
        frame = pure.frame_message(b"queued")
        assert side.transport.writes == [frame]
        assert await read_all(client, len(frame)) == frame
        client.close()
        server.close()

    run(loop_kind, main)


def self_signed(folder) -> ssl.SSLContext:
    """A server TLS context with a fresh self-signed certificate for 127.0.0.1 (made by the openssl tool)."""
    openssl = shutil.which("openssl")
    if openssl is None:  # Debian's openssl package: CI turns this skip into a failure
        pytest.skip("the openssl tool is not installed")
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


@needs_compiled
@pytest.mark.parametrize("loop_kind", LOOPS)
def test_a_tls_socket_is_written_through_its_transport_and_its_peer_reads_every_frame(loop_kind, tmp_path):
    """The socket of a TLS connection carries ciphertext: the writer must never send a frame to it itself.

    A real TLS server on loopback (the transport asyncio or uvloop makes for
    it, not a stand-in): ``write_directly`` says no, every message goes
    through the transport's ``write``, and the client decrypts each frame
    whole and in order (a frame sent as plain bytes would break the stream).
    """
    server_context = self_signed(tmp_path)
    client_context = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))

    async def main():
        made: asyncio.Queue = asyncio.Queue()
        loop = asyncio.get_running_loop()
        server = await loop.create_server(lambda: socket_class(compiled)(made), "127.0.0.1", 0, ssl=server_context)
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=client_context)
        side = await asyncio.wait_for(made.get(), 5)
        assert side.direct is False and side.writes_directly is False
        messages = [bytes([n % 251]) * (n * 97) for n in range(1, 40)]  # 97 bytes to 3.8 KB, 74 KB in all
        for message in messages:
            assert side.offer(message) is True
        frames = [compiled.frame_message(m) for m in messages]
        assert side.transport.writes == frames  # every one through write, none sent to the socket itself
        expected = b"".join(frames)
        assert await asyncio.wait_for(reader.readexactly(len(expected)), 10) == expected
        writer.close()
        server.close()

    run(loop_kind, main)
