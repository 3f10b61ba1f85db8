#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What holds the resident memory a fault adds (issue 45, docs/RELIABILITY.md "Memory"):
the soak's crowd and web load without kills, ONE fault injected at a chosen minute (or
several times, to see whether its step adds up or stops at a ceiling), and every interval
the daemon's RSS with, through gdb, glibc's own figures (mallinfo2: in use, held) before
and after a malloc_trim(0). A step that a trim takes back is the allocator's; one whose
"in use" stays is held by the program.

    tests/soak/memprobe.py --fault attack --at 2 --repeat 3 --minutes 10
    tests/soak/memprobe.py --fault disk_full --at 2 --minutes 8

Prints one line an interval; --csv FILE writes them. Needs gdb (the daemon's symbols for
mallinfo2 come from libc). Environment: as tests/e2e/harness.py (CROUPIERD ...)."""

import argparse
import os
import re
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import soak  # noqa: E402


def gdb_heap(pid, trim):
    """(in use MB, held MB) from mallinfo2 in the live daemon, after a malloc_trim(0) when
    `trim`; None when gdb cannot tell. Without libc's debug info gdb knows no struct
    mallinfo2: the function is called with its hidden result pointer (the SysV ABI) into a
    page of its own (mmap: no malloc lock taken while the daemon is stopped), read as ten
    size_t (arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks,
    keepcost)."""
    cmds = ["set pagination off"]
    if trim:
        cmds.append("call (int)malloc_trim(0)")
    cmds += ["set $p = (unsigned long*)mmap(0, 4096, 3, 0x22, -1, 0)",
             "call ((void(*)(unsigned long*))mallinfo2)($p)",
             "printf \"HEAP %lu %lu %lu\\n\", $p[7] + $p[4], $p[0] + $p[4], $p[8]",
             "call (int)munmap($p, 4096)"]
    args = ["gdb", "-p", str(pid), "-batch", "-nx"]
    for c in cmds:
        args += ["-ex", c]
    r = subprocess.run(args, capture_output=True, text=True, timeout=60)
    m = re.search(r"HEAP (\d+) (\d+) (\d+)", r.stdout)
    if not m:
        return None
    return int(m.group(1)) / 1e6, int(m.group(2)) / 1e6


def regions(pid):
    """Resident MB of the daemon's memory by region (/proc/PID/smaps, no stop): the main
    heap ([heap], the event loop's arena), the other anonymous mappings (the arenas of the
    worker and web threads, mapped blocks, thread stacks) each by start address, and the
    files mapped."""
    out = {"heap": 0.0, "anon": {}, "files": 0.0}
    cur = None
    try:
        for line in open(f"/proc/{pid}/smaps"):
            head = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                start, end = (int(x, 16) for x in head[0].split("-"))
                name = head[5] if len(head) > 5 else ""
                cur = ("heap" if name == "[heap]" else "files" if name.startswith("/")
                       else ("anon", start, (end - start) >> 20))
            elif head and head[0] == "Rss:":
                mb = int(head[1]) / 1024
                if cur in ("heap", "files"):
                    out[cur] += mb
                else:
                    out["anon"][cur[1:]] = out["anon"].get(cur[1:], 0.0) + mb
    except OSError:
        pass
    return out


def rss_of(pid):
    n = soak.proc_numbers(pid)
    return n[0] if n else float("nan")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--fault", choices=["none", "attack", "disk_full", "db_lock", "flood",
                                       "restart_ircd", "sighup"], default="attack")
    p.add_argument("--at", type=float, default=2.0, help="minute of the first fault")
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--every", type=float, default=2.5, help="minutes between repeats")
    p.add_argument("--minutes", type=float, default=8)
    p.add_argument("--interval", type=float, default=30)
    p.add_argument("--rate", type=int, default=200)
    p.add_argument("--attack-seconds", type=int, default=60)
    p.add_argument("--disk-seconds", type=int, default=60)
    p.add_argument("--csv", default=None)
    p.add_argument("--gdb", action="store_true",
                   help="also glibc's figures after a malloc_trim(0), through gdb (stops the "
                        "daemon for seconds while gdb reads its symbols)")
    a = p.parse_args()
    signal.signal(signal.SIGTERM, soak._stop)

    # The soak's pieces on the long schedule's fault lengths, no kills, no schedule of its
    # own: this loop calls the one fault.
    sa = soak.parse_args(["--minutes", str(a.minutes), "--rate", str(a.rate), "--no-kills"])
    sa.short = a.attack_seconds < 60  # attack() and disk_full() read .short for their length
    s = soak.Soak(sa)
    s.interval = 10 ** 9  # the soak's own rows: none
    s.csv_path = os.devnull
    s.checked_of, s.last_lines, s.attack_result = {}, 0, None
    s.setup()
    s.crowd()
    import multiprocessing
    s.webq = multiprocessing.Queue()
    s.webstop = multiprocessing.Event()
    s.webcounts = multiprocessing.Array("q", 2)
    s.last_web = (0, 0)
    n = max(1, -(-a.rate // 40))
    web = [multiprocessing.Process(target=soak.web_load, args=(
        s.web_port, a.rate / n, s.db, s.webq, s.webstop, s.h.t0, i, s.webcounts), daemon=True)
        for i in range(n)]
    for w in web:
        w.start()
    s.next_row = float("inf")
    due = [a.at * 60 + k * a.every * 60 for k in range(a.repeat)] if a.fault != "none" else []
    out = open(a.csv, "w") if a.csv else None
    header = ("time_s,rss_mb,heap_mb,anon_mb,files_mb,rss_after_trim_mb,in_use_mb,held_mb,"
              "faults,largest_anon(start:size_mb=rss_mb)")
    print(header, flush=True)
    if out:
        out.write(header + "\n")
    start = s.h.now()
    next_row = start + a.interval
    done = 0
    try:
        while s.h.now() - start < a.minutes * 60:
            if due and s.h.now() - start >= due[0]:
                due.pop(0)
                getattr(s, a.fault)()
                done += 1
                print(f"# fault {a.fault} done at {s.h.now() - start:.0f} s", flush=True)
            s.tick()
            if s.h.now() >= next_row:
                next_row += a.interval
                pid = s.bot.pid
                rss = rss_of(pid)
                reg = regions(pid)
                anon = sorted(reg["anon"].items(), key=lambda kv: -kv[1])
                heap = gdb_heap(pid, trim=True) if a.gdb else None
                heap = heap or (float("nan"),) * 2
                line = (f"{s.h.now() - start:.0f},{rss:.1f},{reg['heap']:.1f},"
                        f"{sum(reg['anon'].values()):.1f},{reg['files']:.1f},"
                        f"{rss_of(pid):.1f},{heap[0]:.1f},{heap[1]:.1f},{done},"
                        + " ".join(f"{k[0]:x}:{k[1]}={v:.1f}" for k, v in anon[:5]))
                print(line, flush=True)
                if out:
                    out.write(line + "\n")
                    out.flush()
    finally:
        s.webstop.set()
        for w in web:
            w.join(5)
        s.h.stop_bot(s.bot)
        s.h.close()
        if s.tmpfs:
            subprocess.run(["umount", "-l", s.data_dir])


if __name__ == "__main__":
    main()
