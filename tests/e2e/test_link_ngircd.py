#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""croupierd linked to ngircd as a server (`link = ngircd`, issue 42): a table, a private
game, a services account as the person, twenty clients at once (p95 of the wait per move
at most 1 s), an oper's KILL and a restart of ngircd mid-game (tests/e2e/link_scenarios.py
says what each part checks). Accounts come from a fake services server the test links to
ngircd itself (`:services.test.local METADATA <nick> accountname :<account>`)."""

from harness import run_test
from link_scenarios import run_scenario


def test(h):
    run_scenario(h, "ngircd")


run_test("link_ngircd", test, timeout=290)
