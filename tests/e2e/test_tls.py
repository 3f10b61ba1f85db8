#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""TLS: ngircd with a certificate from a throw-away CA.
- with tls_ca_file = that CA the bot connects over TLS and joins;
- without it (the system trust store) the bot refuses, with a log line naming the
  certificate problem, and never joins;
- with tls_verify = no it connects anyway."""

import os
import subprocess

from harness import CHANNEL, check, free_port, run_test

CERT_PROBLEM = (r"(certificate|verif).*(fail|unable|untrusted|self.signed|issuer|invalid|"
                r"reject|error|unknown)|(fail|unable|untrusted|invalid|reject|error).*"
                r"(certificate|verif)")


def openssl(h, *args):
    r = subprocess.run(["openssl", *args], cwd=h.dir, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise RuntimeError(f"openssl {' '.join(args)} failed:\n{r.stderr}")


def make_certificates(h):
    """A CA and a server certificate for 127.0.0.1 and localhost signed by it."""
    openssl(h, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-keyout", "ca.key", "-out", "ca.pem", "-subj", "/CN=croupier e2e test CA",
            "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    openssl(h, "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key",
            "-out", "server.csr", "-subj", "/CN=localhost")
    with open(os.path.join(h.dir, "server.ext"), "w") as f:
        f.write("subjectAltName = IP:127.0.0.1, DNS:localhost\n"
                "basicConstraints = CA:FALSE\n"
                "keyUsage = digitalSignature, keyEncipherment\n"
                "extendedKeyUsage = serverAuth\n")
    openssl(h, "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
            "-CAcreateserial", "-days", "2", "-out", "server.crt", "-extfile", "server.ext")
    # ngircd drops to `nobody` when started as root.
    for name in ("server.crt", "server.key", "ca.pem"):
        os.chmod(os.path.join(h.dir, name), 0o644)
    return os.path.join(h.dir, "ca.pem")


def test(h):
    ca = make_certificates(h)
    tls_port = free_port()
    h.start_ngircd(tls={"port": tls_port, "cert": os.path.join(h.dir, "server.crt"),
                        "key": os.path.join(h.dir, "server.key")})
    alice = h.client("alice")  # plain text, on the other port
    alice.join(CHANNEL)

    # 1. Trusting the test CA: connects and joins.
    good = h.start_bot(h.bot_config("croupier", net={"port": tls_port, "tls": "yes",
                                                      "tls_ca_file": ca}), "croupier")
    took = h.wait_bot_in_channel(alice, nick="croupier")
    print(f"with tls_ca_file: joined {CHANNEL} over TLS ({took:.2f} s)")
    tls_lines = [l for l in h.ngircd.text().splitlines() if "TLS" in l or "SSL" in l]
    print("ngircd:\n  " + "\n  ".join(tls_lines[-4:]))

    # 2. The system trust store does not know the test CA: refuses, and says why.
    bad = h.start_bot(h.bot_config("croupier2", bot={"nick": "croupier2"},
                                   net={"port": tls_port, "tls": "yes"}), "croupier2")
    line = h.wait_log(bad, CERT_PROBLEM)
    print(f"without tls_ca_file: refused: {line.strip()}")
    h.sleep(2.0)
    names = {n.lower() for n in alice.names(CHANNEL)}
    check("croupier2" not in names, "the bot without the CA joined anyway")
    check("croupier" in names, "the trusting bot left the channel")

    # 3. tls_verify = no: connects without checking.
    h.start_bot(h.bot_config("croupier3", bot={"nick": "croupier3"},
                             net={"port": tls_port, "tls": "yes", "tls_verify": "no"}), "croupier3")
    took = h.wait_bot_in_channel(alice, nick="croupier3")
    print(f"with tls_verify = no: joined ({took:.2f} s)")

    names = {n.lower() for n in alice.names(CHANNEL)}
    check("croupier2" not in names, "the bot without the CA joined later")
    for p in h.processes[1:]:
        h.stop_bot(p)


run_test("tls", test, timeout=150)
