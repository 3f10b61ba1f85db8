# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end test harness: a real ngircd, a real croupierd and python3-irc clients.

Each test script does

    from harness import run_test

    def test(h):
        h.start_ngircd()
        h.start_bot()
        alice = h.client("alice")
        alice.join("#croupier")
        h.wait_bot_in_channel(alice, "#croupier")
        ...

    run_test("join_help", test, timeout=120)

Every process the harness starts is killed when the test ends, whatever happens (also on
SIGTERM and on the test's own deadline). Every wait is bounded. On failure the tail of the
bot's log, the server's log and the clients' traffic are printed.

Environment: CROUPIERD (the binary; default build/bot/croupierd under the source tree),
CROUPIER_SOURCE_DIR (the source tree; default two levels up), NGIRCD (default
/usr/sbin/ngircd), INSPIRCD (default /usr/sbin/inspircd), CROUPIER_E2E_KEEP=1 keeps the
temporary directory.

Linked bots (issue 42): `start_ngircd(link={...})` or `start_inspircd(link={...})` start a
server that takes croupierd as a linked server (a service), `bot_config(link=True)` writes
the network section for that link, `h.services` (with `services={...}`) is a fake services
server the test links itself, to give a nick a services account (`h.set_account`), and an
oper (`h.oper(client)`) may KILL the bot. `h.restart_ircd()` kills the server and starts it
again on the same ports, with the same configuration.
"""

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback

import irc.buffer
import irc.client
import irc.connection

SOURCE_DIR = os.environ.get(
    "CROUPIER_SOURCE_DIR",
    os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")),
)
CROUPIERD = os.environ.get("CROUPIERD", os.path.join(SOURCE_DIR, "build", "bot", "croupierd"))
NGIRCD = os.environ.get("NGIRCD", "/usr/sbin/ngircd")
INSPIRCD = os.environ.get("INSPIRCD", "/usr/sbin/inspircd")
WAIT = 20.0  # default bound of every wait, seconds
BOT_NICK = "croupier"
CHANNEL = "#croupier"
# The InspIRCd test server's name (ngircd's is contrib/ngircd.conf.in's), and what a link to
# either uses unless told otherwise: croupier's side of the passwords (send_password is what
# croupier sends, receive_password what it expects back).
INSPIRCD_NAME = "irc.test.local"
LINK_DEFAULTS = {"server_name": "games.test.local", "server_description": "croupier card games",
                 "send_password": "croupier-to-irc", "receive_password": "irc-to-croupier",
                 "sid": "42C", "service_mask": BOT_NICK}
SERVICES_DEFAULTS = {"name": "services.test.local", "password": "services-pw", "sid": "99S"}
OPER = ("op", "operpw")  # the oper block both servers get when a link is configured

# mIRC formatting: bold, colour (with up to two numbers), reset, reverse, italic, underline,
# strike-through, monospace.
_FORMAT_RE = re.compile(r"\x03(\d{1,2}(,\d{1,2})?)?|[\x02\x0f\x16\x1d\x1f\x1e\x11]")


def strip_format(text):
    """The text without mIRC colour and formatting codes."""
    return _FORMAT_RE.sub("", text)


# Card suits as the bot writes them, and the letters the commands take.
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
# A Spider hint that names a move.
SPIDER_HINT_RX = re.compile(r"^Hint: (move \d+ \d+ \d+)")


def parse_hand(text):
    """`Your hand: 1:9♥ 2:10♠ 3:Joker. Your turn ...` -> ["9h", "10s", "Joker"]."""
    body = text.split(":", 1)[1] if ":" in text else text
    cards = []
    for _, card in re.findall(r"(\d+):\s*([^\s,.]+)", body):
        for sym, letter in SUIT_SYMBOLS.items():
            card = card.replace(sym, letter)
        cards.append(card)
    return cards


def spider_move_by_hint(c):
    """One Spider move in private by the bot's hint (a deal from the stock if it names
    none); waits for the answer and returns the move made."""
    c.say(BOT_NICK, "hint")
    hint = c.wait_msg(r"^Hint: ", sender=BOT_NICK, what=f"{c.nick}'s hint")
    m = SPIDER_HINT_RX.search(hint.plain)
    action = m.group(1) if m else "deal"
    c.say(BOT_NICK, action)
    c.collect(BOT_NICK, quiet=0.5, what=f"the answer to {c.nick}'s {action}")
    return action


class TestFailure(Exception):
    pass


class TestTimeout(TestFailure):
    pass


def check(condition, what):
    if not condition:
        raise TestFailure(what)


def free_port():
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_accepts(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class IdleConnections:
    """Idle connections to a web port, each opened again as soon as the server closes it (a
    client holding the pages' connections, issue 45): `pump()` reads what came and returns
    how many it opened again. From SOURCE when given (an address of its own). Used by the
    descriptor test and the soak's web attack."""

    def __init__(self, port, count, source=None):
        import selectors
        self.port, self.source = port, source
        self.sel = selectors.DefaultSelector()
        for _ in range(count):
            self._open()

    def _open(self):
        import selectors
        s = socket.socket()
        if self.source:
            s.bind((self.source, 0))
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", self.port))
        self.sel.register(s, selectors.EVENT_READ)

    def pump(self, timeout):
        reopened = 0
        for key, _ in self.sel.select(timeout=timeout):
            s = key.fileobj
            try:
                data = s.recv(4096)
            except OSError:
                data = b""
            if data:
                continue
            self.sel.unregister(s)
            s.close()
            try:
                self._open()
                reopened += 1
            except OSError:
                pass
        return reopened

    def close(self):
        for key in list(self.sel.get_map().values()):
            key.fileobj.close()
        self.sel.close()


class _LenientLineBuffer(irc.buffer.DecodingLineBuffer):
    errors = "replace"


class Message:
    """One line a client received."""

    def __init__(self, when, line):
        self.when = when
        self.raw = line
        self.prefix = ""
        rest = line
        if rest.startswith(":"):
            self.prefix, _, rest = rest[1:].partition(" ")
        self.nick = self.prefix.split("!", 1)[0]
        trailing = None
        if " :" in rest:
            rest, trailing = rest.split(" :", 1)
        elif rest.startswith(":"):
            rest, trailing = "", rest[1:]
        words = rest.split()
        self.command = words[0].upper() if words else ""
        self.params = words[1:] + ([trailing] if trailing is not None else [])
        self.target = self.params[0] if self.params else ""
        self.text = self.params[-1] if self.params else ""
        self.plain = strip_format(self.text)

    def __repr__(self):
        return f"[{self.when:9.3f}] {self.raw}"


class Client:
    """A python3-irc client connected to the test server."""

    def __init__(self, harness, nick, port, source=None, username=None, wait=True):
        self.h = harness
        self.nick = nick
        self.lines = []  # every Message received
        self.cursor = 0  # wait_msg looks at lines from here on
        self.registered = False
        self.conn = harness.reactor.server()
        self.conn.buffer_class = _LenientLineBuffer
        harness._by_conn[id(self.conn)] = self
        # `source`: the local address to connect from (127.0.0.2 ...): a host of its own, as
        # people on different machines (the server does no DNS: the host is the address).
        factory = irc.connection.Factory(bind_address=(source, 0)) if source else \
            irc.connection.Factory()
        # `username`: the USER name (default the nick); the server shows it as ~username
        # (no ident), so the same username from the same source is the same user@host.
        self.conn.connect("127.0.0.1", port, nick, username=username or nick,
                          ircname=f"e2e {nick}",
                          connect_factory=factory)
        if wait:
            harness.wait_until(lambda: self.registered, f"{nick} registered with the server")

    def _received(self, line):
        m = Message(self.h.now(), line)
        self.lines.append(m)
        if m.command == "001":
            self.registered = True

    @property
    def connected(self):
        return self.conn.is_connected()

    def send(self, line):
        self.conn.send_raw(line)

    def say(self, target, text):
        self.conn.privmsg(target, text)

    def join(self, channel):
        self.conn.join(channel)
        self.wait_msg(r".*", command="JOIN", sender=self.nick, what=f"{self.nick} joined {channel}")

    def skip(self):
        """Forget everything received so far: later waits only see newer lines."""
        self.cursor = len(self.lines)

    def find(self, pattern=None, command=("PRIVMSG", "NOTICE"), sender=None, target=None,
             start=None):
        """Messages received since `start` (default: the cursor) that match."""
        rx = re.compile(pattern) if pattern else None
        commands = (command,) if isinstance(command, str) else command
        out = []
        for m in self.lines[self.cursor if start is None else start:]:
            if commands and m.command not in commands:
                continue
            if sender is not None and m.nick.lower() != sender.lower():
                continue
            if target is not None and m.target.lower() != target.lower():
                continue
            if rx is not None and not rx.search(m.plain):
                continue
            out.append(m)
        return out

    def wait_msg(self, pattern, command=("PRIVMSG", "NOTICE"), sender=None, target=None,
                 timeout=WAIT, what=None):
        """Waits for the first matching line after the cursor; moves the cursor past it."""
        rx = re.compile(pattern)
        commands = (command,) if isinstance(command, str) else command
        found = []

        def look():
            while self.cursor < len(self.lines):
                m = self.lines[self.cursor]
                self.cursor += 1
                if commands and m.command not in commands:
                    continue
                if sender is not None and m.nick.lower() != sender.lower():
                    continue
                if target is not None and m.target.lower() != target.lower():
                    continue
                if rx.search(m.plain):
                    found.append(m)
                    return True
            return False

        self.h.wait_until(
            look, what or f"{self.nick} got {command} from {sender} to {target} matching /{pattern}/",
            timeout)
        return found[0]

    def collect(self, sender, quiet=1.5, timeout=WAIT, target=None, what=None):
        """Waits (at most `timeout`) for messages from `sender` after the cursor, then keeps
        collecting until `quiet` seconds pass without a new one; moves the cursor to the end.
        Fails when nothing came."""
        start = self.cursor
        got = []

        def first():
            got[:] = self.find(sender=sender, target=target, start=start)
            return bool(got)

        self.h.wait_until(first, what or f"{self.nick} got an answer from {sender}", timeout)
        last_count, last_change = len(got), self.h.now()
        deadline = self.h.now() + timeout
        while self.h.now() - last_change < quiet and self.h.now() < deadline:
            self.h.pump(0.05)
            got = self.find(sender=sender, target=target, start=start)
            if len(got) != last_count:
                last_count, last_change = len(got), self.h.now()
        self.cursor = len(self.lines)
        return got

    def names(self, channel, timeout=WAIT):
        """The nicks in `channel` (NAMES), without their status prefixes."""
        start = len(self.lines)
        self.send(f"NAMES {channel}")

        def done():
            return any(m.command == "366" for m in self.lines[start:])

        self.h.wait_until(done, f"{self.nick}: NAMES {channel} answered", timeout)
        nicks = set()
        for m in self.lines[start:]:
            if m.command == "353":
                nicks.update(n.lstrip("@+%&~") for n in m.text.split())
        return nicks

    def account(self, nick=None, timeout=WAIT):
        """The services account WHOIS shows for `nick` (default this client), or None."""
        nick = nick or self.nick
        start = len(self.lines)
        self.send(f"WHOIS {nick}")
        self.h.wait_until(lambda: any(m.command in ("318", "401") for m in self.lines[start:]),
                          f"{self.nick}: WHOIS {nick} answered", timeout)
        for m in self.lines[start:]:
            if m.command == "330" and len(m.params) >= 3:
                return m.params[2]
        return None

    def quit(self, message="bye"):
        if self.connected:
            try:
                self.conn.quit(message)
            except irc.client.ServerNotConnectedError:
                pass

    def dump(self, n=25):
        return "\n".join(repr(m) for m in self.lines[-n:])


class FakeServices:
    """A services server of the test's own, linked to the test IRC server with a raw socket:
    it does the handshake of the server's protocol (ngircd: RFC 2813 PASS/SERVER; InspIRCd
    3: spanning tree 1205), answers the server's PINGs whenever the harness pumps, and sets
    services accounts (`set_account`) as real services would (METADATA accountname). For
    InspIRCd it follows the users' UIDs from the burst and the lines after it."""

    def __init__(self, harness, kind, port, name, password, sid=None):
        self.h = harness
        self.kind = kind  # "ngircd" or "inspircd"
        self.port = port
        self.name = name
        self.password = password
        self.sid = sid
        self.sock = None
        self.buf = b""
        self.lines = []  # every line received, with its time: (when, line)
        self.linked = False
        self.peer = None  # the server's name (ngircd) or SID (InspIRCd)
        self.uids = {}  # InspIRCd: folded nick -> UID
        self.nicks = {}  # InspIRCd: UID -> nick

    # --- the socket ---
    def connect(self, timeout=WAIT):
        """Connects and links; returns once the server has accepted the link."""
        self.close()
        self.buf, self.linked, self.peer = b"", False, None
        self.uids.clear()
        self.nicks.clear()
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        self.sock.setblocking(False)
        if self.h.raw_links.count(self) == 0:
            self.h.raw_links.append(self)
        if self.kind == "ngircd":
            self.send(f"PASS {self.password} 0210-IRC+ e2e-services|1:CMo")
            self.send(f"SERVER {self.name} 1 :e2e fake services")
        # InspIRCd speaks first (CAPAB START); poll() answers.
        self.h.wait_until(lambda: self.linked, f"the fake services server {self.name} linked",
                          timeout)

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None
        self.linked = False

    def send(self, line):
        if self.sock is None:
            raise TestFailure(f"fake services {self.name}: not connected")
        self.lines.append((self.h.now(), ">> " + line))
        self.sock.setblocking(True)
        try:
            self.sock.sendall((line + "\r\n").encode())
        finally:
            self.sock.setblocking(False)

    def poll(self):
        if self.sock is None:
            return
        while True:
            try:
                data = self.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                data = b""
            if not data:
                self.lines.append((self.h.now(), "<< (closed)"))
                self.close()
                return
            self.buf += data
        while b"\n" in self.buf:
            raw, _, self.buf = self.buf.partition(b"\n")
            line = raw.rstrip(b"\r").decode("utf-8", "replace")
            self.lines.append((self.h.now(), "<< " + line))
            try:
                self._line(line)
            except OSError:
                self.close()
                return

    # --- the protocols ---
    def _line(self, line):
        m = Message(0, line)
        if self.kind == "ngircd":
            if m.command == "PING":
                # ngircd pings once the link is up; the PONG ends the handshake.
                self.send(f":{self.name} PONG {self.name} :{m.params[0] if m.params else ''}")
                self.linked = True
            elif m.command == "SERVER" and not m.prefix:
                self.peer = m.params[0]
            return
        # InspIRCd 3, spanning tree 1205
        if m.command == "CAPAB" and m.params[:1] == ["START"]:
            self.send("CAPAB START 1205")
            self.send("CAPAB CAPABILITIES :CASEMAPPING=rfc1459")
            self.send("CAPAB END")
            self.send(f"SERVER {self.name} {self.password} 0 {self.sid} :e2e fake services")
        elif m.command == "SERVER" and not m.prefix:
            self.peer = m.params[3] if len(m.params) > 3 else None
            self.send(f":{self.sid} BURST {int(time.time())}")
            self.send(f":{self.sid} ENDBURST")
        elif m.command == "ENDBURST" and m.prefix == self.peer:
            self.linked = True
        elif m.command == "PING" and len(m.params) >= 1 and m.params[0] == self.sid:
            self.send(f":{self.sid} PONG {m.prefix}")
        elif m.command == "UID" and len(m.params) >= 3:
            self._nick(m.params[0], m.params[2])
        elif m.command == "NICK" and m.params:
            self._nick(m.prefix, m.params[0])
        elif m.command == "SAVE" and m.params:
            self._nick(m.params[0], m.params[0])
        elif m.command == "QUIT":
            self._gone(m.prefix)
        elif m.command == "KILL" and m.params:
            self._gone(m.params[0])

    def _nick(self, uid, nick):
        old = self.nicks.get(uid)
        if old is not None:
            self.uids.pop(old.lower(), None)
        self.nicks[uid] = nick
        self.uids[nick.lower()] = uid

    def _gone(self, uid):
        nick = self.nicks.pop(uid, None)
        if nick is not None:
            self.uids.pop(nick.lower(), None)

    def uid(self, nick, timeout=WAIT):
        """InspIRCd: the UID of `nick`, once the server has told us of it."""
        self.h.wait_until(lambda: nick.lower() in self.uids,
                          f"the fake services server knows {nick}'s UID", timeout)
        return self.uids[nick.lower()]

    def set_account(self, nick, account):
        """Logs `nick` in to `account` ("" logs out), as services do."""
        if self.kind == "ngircd":
            self.send(f":{self.name} METADATA {nick} accountname :{account}")
        else:
            self.send(f":{self.sid} METADATA {self.uid(nick)} accountname :{account}")

    def dump(self, n=25):
        return "\n".join(f"[{t:9.3f}] {line}" for t, line in self.lines[-n:])


def _die_with_parent():
    # The child gets SIGKILL when the test process dies, however it dies. (ngircd drops
    # privileges when started as root, which clears this; it is killed in close().)
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass


class Process:
    """A child process with its output in a log file."""

    def __init__(self, name, argv, log_path, cwd):
        self.name = name
        self.argv = argv
        self.log_path = log_path
        self.log = open(log_path, "ab")
        self.popen = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=self.log,
                                      stderr=subprocess.STDOUT, cwd=cwd,
                                      start_new_session=True, preexec_fn=_die_with_parent)
        self.pid = self.popen.pid
        self.watched = True  # a wait fails at once if this process exits while watched

    def alive(self):
        return self.popen.poll() is None

    def send_signal(self, sig):
        if self.alive():
            os.kill(self.pid, sig)

    def stop(self, sig=signal.SIGTERM, timeout=15.0):
        """Sends `sig` and waits; SIGKILL after `timeout`. Returns the exit status."""
        self.watched = False
        if self.alive():
            try:
                os.kill(self.pid, sig)
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                print(f"harness: {self.name} did not stop in {timeout:.0f} s: SIGKILL")
                self.popen.kill()
                self.popen.wait()
        self.log.close()
        return self.popen.returncode

    def text(self):
        try:
            with open(self.log_path, "rb") as f:
                return f.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def tail(self, n=60):
        return "\n".join(self.text().splitlines()[-n:])


class Harness:
    def __init__(self, name):
        self.name = name
        self.dir = tempfile.mkdtemp(prefix=f"croupier-e2e-{name}-")
        # ngircd drops to `nobody` when started as root and may read its files later.
        os.chmod(self.dir, 0o755)
        self.t0 = time.monotonic()
        self.processes = []
        self.clients = []
        self._by_conn = {}
        self.reactor = irc.client.IRC()
        self.reactor.add_global_handler("all_raw_messages", self._raw, -20)
        self.ngircd = None
        self.port = None
        self.bot = None
        # Linked bots: the server's kind, the port croupierd links to, the link's settings
        # (LINK_DEFAULTS and what the test gave), the fake services server, how to start the
        # server again (restart_ircd) and the raw sockets the pump serves.
        self.ircd = None  # the server's Process, ngircd or InspIRCd
        self.ircd_kind = None  # "ngircd" or "inspircd"
        self.server_port = None
        self.link = None
        self.services = None
        self._ircd_start = None
        self.raw_links = []

    # --- time and waiting -----------------------------------------------------------------

    def now(self):
        return time.monotonic() - self.t0

    def _raw(self, conn, event):
        client = self._by_conn.get(id(conn))
        if client is not None:
            client._received(event.arguments[0])

    def pump(self, seconds=0.05):
        """Processes client traffic for about `seconds`."""
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            self.reactor.process_once(max(0.0, min(left, 0.05)))
            for link in self.raw_links:
                link.poll()
            if left <= 0:
                return

    def check_processes(self):
        for p in self.processes:
            if p.watched and not p.alive():
                p.watched = False
                raise TestFailure(f"{p.name} exited unexpectedly with status "
                                  f"{p.popen.returncode}:\n{p.tail()}")

    def wait_until(self, predicate, what, timeout=WAIT):
        deadline = time.monotonic() + timeout
        while not predicate():
            self.check_processes()
            if time.monotonic() >= deadline:
                raise TestTimeout(f"timed out after {timeout:.0f} s waiting until: {what}")
            self.pump(0.05)

    def sleep(self, seconds):
        self.pump(seconds)

    # --- ngircd ---------------------------------------------------------------------------

    def ngircd_config(self, port, tls=None, penalty=True, link=None, services=None):
        """ngircd's config from contrib/ngircd.conf.in. tls: None or a dict with port, cert,
        key. penalty=False turns ngircd's flood penalty off (MaxPenaltyTime = 0). link: the
        settings of croupier's link (LINK_DEFAULTS); with it, a [Server] block that waits for
        croupier (Passive) and an [Operator] (OPER). services: the fake services server's
        name and password (SERVICES_DEFAULTS), a [Server] block of its own."""
        with open(os.path.join(SOURCE_DIR, "contrib", "ngircd.conf.in")) as f:
            text = f.read()
        os.makedirs(os.path.join(self.dir, "ngircd.conf.d"), exist_ok=True)
        text = text.replace("@PORT@", str(port)).replace("@DIR@", self.dir)
        if not penalty:
            text += "\n[Limits]\nMaxPenaltyTime = 0\n"
        if tls:
            text += (f"\n[SSL]\nCertFile = {tls['cert']}\nKeyFile = {tls['key']}\n"
                     f"Ports = {tls['port']}\n")
        if link or services:
            text += f"\n[Operator]\nName = {OPER[0]}\nPassword = {OPER[1]}\n"
        if link:
            # MyPassword is what ngircd expects to receive (croupier's send_password);
            # PeerPassword what it sends (croupier's receive_password).
            text += (f"\n[Server]\nName = {link['server_name']}\n"
                     f"MyPassword = {link['send_password']}\n"
                     f"PeerPassword = {link['receive_password']}\n"
                     f"ServiceMask = {link['service_mask']}\nPassive = yes\n")
        if services:
            text += (f"\n[Server]\nName = {services['name']}\n"
                     f"MyPassword = {services['password']}\n"
                     f"PeerPassword = {services['password']}\n"
                     f"ServiceMask = *Serv\nPassive = yes\n")
        path = os.path.join(self.dir, "ngircd.conf")
        with open(path, "w") as f:
            f.write(text)
        os.chmod(path, 0o644)
        return path

    def start_ngircd(self, port=None, tls=None, penalty=True, link=None, services=None):
        """Starts ngircd in the foreground on 127.0.0.1:port (default: a free port) and waits
        until it accepts connections. link: a dict (or True for LINK_DEFAULTS) of the
        settings of croupier's server link (server_name, send_password, receive_password,
        service_mask): ngircd then waits for croupierd to link on its client port.
        services: a dict (or True for SERVICES_DEFAULTS: name, password) of a fake services
        server, linked by the test once ngircd is up (h.services)."""
        self.port = port or self.port or free_port()
        link = self._link_settings(link, "ngircd")
        services = self._services_settings(services)
        conf = self.ngircd_config(self.port, tls, penalty, link, services)
        self.ngircd = self.spawn("ngircd", [NGIRCD, "-n", "-f", conf])
        self.ircd, self.ircd_kind = self.ngircd, "ngircd"
        self.server_port = self.port
        ports = [self.port] + ([tls["port"]] if tls else [])
        self.wait_process_port(self.ngircd, ports)
        self._ircd_start = lambda: self.start_ngircd(self.port, tls, penalty, link, services)
        self._link_services(services, "ngircd", self.port)
        return self.ngircd

    # --- InspIRCd -------------------------------------------------------------------------

    def inspircd_config(self, port, server_port, penalty=True, link=None, services=None,
                        ping="10s"):
        """A minimal InspIRCd 3.15 config: clients on `port`, servers on `server_port`, the
        services_account module, an oper who may KILL, croupier's <link> and <uline> (with
        `link`) and the fake services server's (with `services`). penalty=False lets
        clients send as fast as they like (no fake lag). ping: how often it pings its
        linked servers (a link that does not answer is dropped after twice that)."""
        d = self.dir
        rate = ('threshold="100" commandrate="1000" fakelag="yes"' if penalty else
                'threshold="1000000" commandrate="100000000" fakelag="no"')
        lines = [
            f'<server name="{INSPIRCD_NAME}" description="e2e test server" network="Test" '
            'id="001">',
            '<admin name="a" nick="a" email="a@a">',
            f'<bind address="127.0.0.1" port="{port}" type="clients">',
            f'<bind address="127.0.0.1" port="{server_port}" type="servers">',
            '<connect allow="*" timeout="60" pingfreq="120" hardsendq="1048576" '
            f'softsendq="65536" recvq="65536" localmax="1000" globalmax="1000" '
            f'resolvehostnames="no" {rate}>',
            '<class name="x" commands="*" privs="*" usermodes="*" chanmodes="*">',
            '<type name="x" classes="x">',
            f'<oper name="{OPER[0]}" password="{OPER[1]}" host="*@*" type="x">',
            f'<options prefixquit="" suffixquit="" hostintopic="no" serverpingfreq="{ping}">',
            '<module name="spanningtree">',
            '<module name="services_account">',
            f'<pid file="{d}/inspircd.pid">',
            f'<log method="file" type="* -USERINPUT -USEROUTPUT" level="default" '
            f'target="{d}/inspircd-server.log">',
            f'<files motd="{d}/inspircd-motd.txt">',
        ]
        # <link>: recvpass is what InspIRCd expects to receive (croupier's send_password),
        # sendpass what it sends (croupier's receive_password).
        if link:
            lines += [
                f'<link name="{link["server_name"]}" ipaddr="127.0.0.1" port="{server_port}" '
                f'allowmask="127.0.0.0/8" sendpass="{link["receive_password"]}" '
                f'recvpass="{link["send_password"]}">',
                f'<uline server="{link["server_name"]}" silent="yes">']
        if services:
            lines += [
                f'<link name="{services["name"]}" ipaddr="127.0.0.1" port="{server_port}" '
                f'allowmask="127.0.0.0/8" sendpass="{services["password"]}" '
                f'recvpass="{services["password"]}">',
                f'<uline server="{services["name"]}" silent="yes">']
        with open(os.path.join(d, "inspircd-motd.txt"), "w") as f:
            f.write("e2e test server\n")
        path = os.path.join(d, "inspircd.conf")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return path

    def start_inspircd(self, port=None, server_port=None, penalty=True, link=None,
                       services=None, ping="10s"):
        """Starts InspIRCd 3 in the foreground: clients on 127.0.0.1:port, servers on
        127.0.0.1:server_port (default: free ports); waits until both accept. link and
        services as for start_ngircd (link adds sid); clients (h.client) connect to `port`,
        a linked croupierd to `server_port`. Each client's registration takes a moment."""
        self.port = port or self.port or free_port()
        self.server_port = server_port or self.server_port or free_port()
        link = self._link_settings(link, "inspircd")
        services = self._services_settings(services)
        conf = self.inspircd_config(self.port, self.server_port, penalty, link, services, ping)
        self.ircd = self.spawn("inspircd", [INSPIRCD, "--nofork", "--nopid", "--runasroot",
                                            f"--config={conf}"])
        self.ircd_kind = "inspircd"
        self.wait_process_port(self.ircd, [self.port, self.server_port])
        self._ircd_start = lambda: self.start_inspircd(self.port, self.server_port, penalty,
                                                       link, services, ping)
        self._link_services(services, "inspircd", self.server_port)
        return self.ircd

    # --- linked bots ----------------------------------------------------------------------

    def _link_settings(self, link, kind):
        if not link:
            return None
        settings = dict(LINK_DEFAULTS)
        if isinstance(link, dict):
            settings.update(link)
        if "password" in settings:  # one password both ways
            settings["send_password"] = settings["receive_password"] = settings.pop("password")
        settings["kind"] = kind
        self.link = settings
        return settings

    def _services_settings(self, services):
        if not services:
            return None
        settings = dict(SERVICES_DEFAULTS)
        if isinstance(services, dict):
            settings.update(services)
        return settings

    def _link_services(self, services, kind, port):
        if not services:
            return
        if self.services is None:
            self.services = FakeServices(self, kind, port, services["name"],
                                         services["password"], services.get("sid"))
        self.services.connect()

    def restart_ircd(self, down=1.0):
        """SIGKILL the IRC server (a crash: no SQUIT, no ERROR), wait `down` seconds with
        nothing listening, start it again on the same ports with the same configuration
        (and link the fake services server again)."""
        old = self.ircd
        if self.services is not None:
            self.services.close()
        old.stop(signal.SIGKILL)
        self.sleep(down)
        return self._ircd_start()

    def set_account(self, nick, account, client=None):
        """Logs `nick` in to services account `account` through the fake services server
        ("" logs out). With `client` (any client), waits until WHOIS shows it."""
        check(self.services is not None and self.services.linked,
              "set_account needs the fake services server (services=...)")
        self.services.set_account(nick, account)
        if client is not None:
            self.wait_until(lambda: client.account(nick) == (account or None),
                            f"WHOIS {nick} shows account {account!r}")

    def oper(self, client):
        """`client` becomes an IRC operator (both servers' test configs have one)."""
        start = len(client.lines)
        client.send(f"OPER {OPER[0]} {OPER[1]}")
        self.wait_until(lambda: any(m.command in ("381", "491", "464")
                                    for m in client.lines[start:]),
                        f"{client.nick}: OPER answered")
        check(any(m.command == "381" for m in client.lines[start:]),
              f"{client.nick} could not OPER:\n{client.dump(5)}")

    def wait_process_port(self, proc, ports, timeout=30.0):
        deadline = time.monotonic() + timeout
        while True:
            if not proc.alive():
                raise TestFailure(f"{proc.name} exited with {proc.popen.returncode}:\n{proc.tail()}")
            if all(port_accepts(p) for p in ports):
                return
            if time.monotonic() >= deadline:
                raise TestTimeout(f"{proc.name} does not accept on {ports} after {timeout:.0f} s")
            time.sleep(0.02)

    # --- croupierd ------------------------------------------------------------------------

    def bot_config(self, name="croupier", network="local", link=False, **sections):
        """Writes a croupierd INI and returns its path. Defaults: nick croupier, network
        `local` on the test server, channel #croupier, admins *!*@127.0.0.1, flood 4 + 2/s,
        user limits 5 + 1/s (host_share 100: every client is on 127.0.0.1). Override with bot={...}, net={...}, limits={...} or other
        sections by name (exordia8={...}); a value of None removes the key.
        link=True: the network section links croupierd as a server to the running server
        (start_ngircd/start_inspircd with link=...): link, server_name, server_description,
        send_password, receive_password (and sid for InspIRCd), to the server's link port,
        and none of the keys a link refuses (flood_burst, flood_rate, password, sasl_*,
        nickserv_password)."""
        conf = {
            "bot": {"nick": BOT_NICK, "database": os.path.join(self.dir, f"{name}.db"),
                    "log_level": "debug"},
            f"network {network}": {"host": "127.0.0.1", "port": str(self.port), "tls": "no",
                                   "channels": CHANNEL, "admins": "*!*@127.0.0.1, *!*@localhost",
                                   "flood_burst": "4", "flood_rate": "2"},
            # Every test client comes from 127.0.0.1: one host, as behind a web gateway.
            "limits": {"user_burst": "5", "user_rate": "1", "host_share": "100"},
        }
        if link:
            check(self.link is not None, "bot_config(link=True) needs a server started with link=")
            net = conf[f"network {network}"]
            for key in ("flood_burst", "flood_rate"):
                net.pop(key)
            net["port"] = str(self.server_port)
            net["link"] = self.link["kind"]
            for key in ("server_name", "server_description", "send_password",
                        "receive_password"):
                net[key] = self.link[key]
            if self.link["kind"] == "inspircd":
                net["sid"] = self.link["sid"]
        for key, values in sections.items():
            section = f"network {network}" if key == "net" else key
            conf.setdefault(section, {})
            for k, v in values.items():
                if v is None:
                    conf[section].pop(k, None)
                else:
                    conf[section][k] = str(v)
        path = os.path.join(self.dir, f"{name}.ini")
        with open(path, "w") as f:
            for section, values in conf.items():
                f.write(f"[{section}]\n")
                for k, v in values.items():
                    f.write(f"{k} = {v}\n")
                f.write("\n")
        return path

    def start_bot(self, config=None, name="croupier"):
        """Starts croupierd --config CONFIG (default: bot_config()) with its stdout and stderr
        in NAME.log."""
        if not os.access(CROUPIERD, os.X_OK):
            raise TestFailure(f"no croupierd binary at {CROUPIERD} (set CROUPIERD)")
        config = config or self.bot_config(name)
        proc = self.spawn(name, [CROUPIERD, "--config", config])
        if self.bot is None:
            self.bot = proc
        return proc

    def kill_and_restart(self, proc, config, name="again"):
        """SIGKILL (no QUIT, no clean shutdown) and a new croupierd on the same config and
        database, once it has restored its games and registered again."""
        proc.watched = False
        proc.send_signal(signal.SIGKILL)
        proc.popen.wait(10)
        again = self.start_bot(config, name=name)
        self.wait_log(again, r"restored \d+ games?")
        self.wait_log(again, r"registered as")
        return again

    def wait_log(self, proc, pattern, timeout=WAIT, flags=re.IGNORECASE):
        """Waits until the process's log has a line matching `pattern`; returns the line."""
        rx = re.compile(pattern, flags)
        found = []

        def look():
            for line in proc.text().splitlines():
                if rx.search(line):
                    found.append(line)
                    return True
            return False

        self.wait_until(look, f"{proc.name}'s log has a line matching /{pattern}/", timeout)
        return found[0]

    def stop_bot(self, proc=None, timeout=15.0):
        """SIGTERM; the bot must exit by itself with status 0 and no sanitizer report."""
        proc = proc or self.bot
        rc = proc.stop(signal.SIGTERM, timeout)
        text = proc.text()
        check("ERROR: AddressSanitizer" not in text and "ERROR: LeakSanitizer" not in text
              and "runtime error:" not in text,
              f"{proc.name} reported a sanitizer error:\n{proc.tail(80)}")
        check(rc == 0, f"{proc.name} exited with status {rc} after SIGTERM:\n{proc.tail()}")

    # --- clients --------------------------------------------------------------------------

    def client(self, nick, port=None, source=None, username=None):
        """A client registered as `nick`; `source`: the loopback address it connects from
        (default 127.0.0.1, the host every other client has too); `username`: the USER name
        it registers with (default the nick)."""
        c = Client(self, nick, port or self.port, source, username)
        self.clients.append(c)
        return c

    def many_clients(self, nicks, port=None, source=None, timeout=WAIT):
        """Clients registered as `nicks`, connected all at once and then waited for (InspIRCd
        registers a client about a second after it connects, many in the same second)."""
        out = [Client(self, n, port or self.port, source, None, wait=False) for n in nicks]
        self.clients.extend(out)
        self.wait_until(lambda: all(c.registered for c in out),
                        f"{len(out)} clients registered with the server", timeout)
        return out

    def wait_bot_in_channel(self, client, channel=CHANNEL, nick=BOT_NICK, timeout=WAIT):
        """Polls NAMES until `nick` is in `channel`; returns the seconds it took."""
        start = time.monotonic()
        deadline = start + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TestTimeout(f"{nick} not in {channel} after {timeout:.0f} s")
            try:
                names = client.names(channel, timeout=left)
            except TestTimeout:
                raise TestTimeout(f"{nick} not in {channel} after {timeout:.0f} s") from None
            if nick.lower() in {n.lower() for n in names}:
                return time.monotonic() - start
            self.pump(min(0.25, max(0.0, deadline - time.monotonic())))

    # --- processes ------------------------------------------------------------------------

    def spawn(self, name, argv):
        proc = Process(name, argv, os.path.join(self.dir, f"{name}.log"), self.dir)
        self.processes.append(proc)
        return proc

    def diagnostics(self):
        out = [f"--- temporary directory: {self.dir}"]
        for p in self.processes:
            state = "running" if p.alive() else f"exited {p.popen.returncode}"
            out.append(f"--- {p.name} ({state}), last lines of {p.log_path}:\n{p.tail()}")
        for c in self.clients:
            out.append(f"--- client {c.nick}, last lines received:\n{c.dump()}")
        for link in self.raw_links:
            out.append(f"--- fake server {link.name}, last lines:\n{link.dump()}")
        return "\n".join(out)

    def close(self):
        for c in self.clients:
            try:
                c.quit()
            except Exception:
                pass
        for link in self.raw_links:
            link.close()
        for p in reversed(self.processes):
            if p.alive():
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except OSError:
                    pass
            try:
                p.popen.wait(5)
                p.log.close()
            except Exception:
                pass


def _on_signal(signum, frame):
    raise TestFailure(f"stopped by signal {signum}")


def _on_alarm(signum, frame):
    raise TestTimeout("the whole test ran out of time")


def run_test(name, fn, timeout=150):
    """Runs fn(harness) within `timeout` seconds; exits 0 on success, 1 on failure."""
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(int(timeout))
    h = Harness(name)
    ok = False
    try:
        print(f"e2e {name}: croupierd {CROUPIERD}")
        fn(h)
        ok = True
    except Exception as e:  # every failure, timeouts included, is reported the same way
        signal.alarm(0)
        print(f"\nFAIL e2e {name}: {e}")
        if not isinstance(e, TestFailure):
            traceback.print_exc()
        print(h.diagnostics())
    finally:
        signal.alarm(0)
        h.close()
        keep = os.environ.get("CROUPIER_E2E_KEEP") or not ok
        if keep:
            print(f"e2e {name}: kept {h.dir}")
        else:
            shutil.rmtree(h.dir, ignore_errors=True)
    if ok:
        print(f"PASS e2e {name} ({h.now():.1f} s)")
    sys.stdout.flush()
    sys.exit(0 if ok else 1)
