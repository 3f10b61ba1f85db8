#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`croupierd --backup FILE` against a running daemon: alice's Spider game is in play; the
copy, taken while the daemon runs, holds the game and its moves, passes SQLite's integrity
check, and the daemon goes on answering (it neither stalls nor dies)."""

import os
import sqlite3
import subprocess

from harness import BOT_NICK, CROUPIERD, check, run_test


def test(h):
    h.start_ngircd()
    alice = h.client("alice")
    config = h.bot_config()
    h.start_bot(config)
    h.wait_until(lambda: h.bot.alive() and "registered as" in h.bot.text(),
                 "the bot registered")
    alice.say(BOT_NICK, "spider 1")
    alice.collect(BOT_NICK, what="alice's new Spider board")
    alice.say(BOT_NICK, "deal")
    alice.collect(BOT_NICK, what="the deal from the stock")

    copy = os.path.join(h.dir, "copy.db")
    out = subprocess.run([CROUPIERD, "--backup", copy, "--config", config],
                         capture_output=True, text=True, timeout=60)
    print(out.stdout.strip() or out.stderr.strip())
    check(out.returncode == 0, f"--backup failed ({out.returncode}): {out.stderr}")
    check("integrity ok" in out.stdout, f"no integrity line: {out.stdout}")

    db = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    games = db.execute("SELECT id, kind FROM games WHERE status = 'open'").fetchall()
    moves = db.execute("SELECT action FROM journal").fetchall()
    check(db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "copy not intact")
    db.close()
    print(f"the copy holds {games} and moves {moves}")
    check(any(kind == "spider" for _, kind in games), "alice's game is not in the copy")
    check(("deal",) in moves, "alice's deal is not in the copy")

    # The daemon goes on: another move is answered.
    alice.say(BOT_NICK, "undo")
    alice.collect(BOT_NICK, what="the daemon answers after the backup")
    check(h.bot.alive(), "the daemon died")
    h.stop_bot()


run_test("backup_live", test, timeout=120)
