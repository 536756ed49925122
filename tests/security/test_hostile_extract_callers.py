"""Attack: stall the docs-drift job with a hub that calls every changed function of a file and
is called by as many. ``local_callers`` walked each changed function's callers on its own and
compared them with _CALLER_CAP only between the functions whose callers it read, so every walk
read all the hub's callers: 11,000 changed functions, a hub calling them and 11,000 functions
calling it (540 kB) took 38 s. The changed functions are now followed all at once, through the
strongly connected parts of the file's calls, each read once: a function keeps _CALLER_CAP of
its callers, and a chain under the cap is followed in full, as before."""

from __future__ import annotations

import os
import subprocess
import sys

from govern.drift.anchors.python import extract_python
from tests.security.pr import within

CHANGED = CALLERS = 11_000


def test_a_hub_between_many_callers_and_many_changed_functions_is_read_once() -> None:
    honest = ("def helper():\n    return 1\n"
              "def wrapper():\n    return helper()\n"
              "def route_a():\n    return wrapper()\n"
              "def unrelated():\n    return 0  # helper, named in a comment only\n")
    source = (honest + "".join(f"def f{i}(): pass\n" for i in range(CHANGED))
              + "def hub():\n" + "".join(f"    f{i}()\n" for i in range(CHANGED))
              + "".join(f"def g{j}(): hub()\n" for j in range(CALLERS)))
    changed = frozenset({2, *range(9, 9 + CHANGED)})  # helper's body, every f{i}
    callers = within(lambda: extract_python(source.encode(), changed)).callers
    assert callers["helper"] == {"wrapper", "route_a"}
    assert len(callers) == CHANGED + 1
    # 64 of the hub and its callers
    assert len(callers["f0"]) == 64
    assert callers["f0"] <= {"hub", *(f"g{j}" for j in range(CALLERS))}


def test_past_the_cap_the_same_callers_are_kept_on_every_run() -> None:
    """Which callers are kept once there are more than the cap must not follow a set's hash
    order, which changes from one process to the next."""
    source = ("def f(): pass\ndef hub():\n    f()\n"
              + "".join(f"def caller_{j}(): hub()\n" for j in range(300)))
    script = ("import sys; from govern.drift.anchors.python import extract_python; "
              "print(sorted(extract_python(sys.stdin.buffer.read(), frozenset({1})).callers['f']))")
    kept = {subprocess.run([sys.executable, "-c", script], input=source.encode(),
                           capture_output=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2", "3")}
    assert len(kept) == 1
