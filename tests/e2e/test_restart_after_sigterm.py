#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A restart right after SIGTERM: the old croupierd keeps the database lock for the two
seconds it gives its QUIT; a new one started at once on the same database waits for the
lock (bounded, with a log line) and then runs, instead of refusing to start. One daemon per
database still holds: the new one never runs beside the old one."""

import signal

from harness import BOT_NICK, CHANNEL, check, run_test


def test(h):
    h.start_ngircd()
    alice = h.client("alice")
    alice.join(CHANNEL)
    config = h.bot_config()
    old = h.start_bot(config, name="old")
    h.wait_bot_in_channel(alice)

    old.watched = False
    alice.skip()
    t_signal = h.now()
    old.send_signal(signal.SIGTERM)
    new = h.start_bot(config, name="new")  # at once, on the same database

    line = h.wait_log(new, r"in use by another croupierd \(pid \d+\); waiting up to \d+ ms")
    print(f"the new daemon waits: {line}")
    rc = old.popen.wait(15)
    t_old_gone = h.now()
    check(rc == 0, f"the old daemon exited with status {rc}:\n{old.tail()}")
    print(f"the old daemon exited {t_old_gone - t_signal:.2f} s after SIGTERM")

    h.wait_log(new, r"croupierd \S+ running")
    check("cannot start" not in new.text(), f"the new daemon refused to start:\n{new.tail()}")
    # It never ran beside the old one: its database opened after the old one had gone.
    alice.wait_msg(r".*", command="QUIT", sender=BOT_NICK, what="the old daemon's QUIT")
    h.wait_bot_in_channel(alice)
    alice.skip()
    alice.say(BOT_NICK, "help")
    alice.collect(BOT_NICK, what="the new daemon answers help")
    h.stop_bot(new)


run_test("restart_after_sigterm", test, timeout=120)
