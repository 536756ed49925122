"""Attack: stall the docs-drift job with a hub that calls every changed function of a file and
is called by as many. ``local_callers`` walked each changed function's callers on its own and
compared them with _CALLER_CAP only between the functions whose callers it read, so every walk
read all the hub's callers: 11,000 changed functions, a hub calling them and 11,000 functions
calling it (540 kB) took 38 s. The changed functions are now followed all at once, through the
strongly connected parts of the file's calls, each read once: a function keeps _CALLER_CAP of
its callers, and a chain under the cap is followed in full, as before."""

from __future__ import annotations

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
    # its one direct caller, then 63 of the hub's
    assert "hub" in callers["f0"] and len(callers["f0"]) == 64
    assert callers["f0"] <= {"hub", *(f"g{j}" for j in range(CALLERS))}
