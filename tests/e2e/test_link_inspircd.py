#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""croupierd linked to InspIRCd 3 as a server (`link = inspircd`, spanning tree 1205,
issue 42): a table, a private game, a services account as the person, twenty clients at
once (p95 of the wait per move at most 1 s), an oper's KILL and a restart of InspIRCd
mid-game (tests/e2e/link_scenarios.py says what each part checks). Accounts come from a
fake u-lined services server the test links itself (`:99S METADATA <uid> accountname
:<account>`)."""

from harness import run_test
from link_scenarios import run_scenario


def test(h):
    run_scenario(h, "inspircd")


run_test("link_inspircd", test, timeout=290)
