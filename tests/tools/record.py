# SPDX-License-Identifier: GPL-3.0-or-later
"""What the transcript writers (enc_transcript.py, af_transcript.py) share: a transcript run
through the daemon with `croupierd --replay FILE --record`, its lines back without the
registration the daemon does at every start."""
import os
import re
import subprocess
import tempfile

REGISTRATION = re.compile(r"^C: (CAP |NICK |USER |JOIN |MODE )")


def record(daemon, lines):
    with tempfile.NamedTemporaryFile("w", suffix=".replay", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        out = subprocess.run([daemon, "--replay", path, "--record"], capture_output=True,
                             text=True, check=False).stdout
    finally:
        os.unlink(path)
    return [l for l in out.splitlines() if l.strip() and not REGISTRATION.match(l)]
