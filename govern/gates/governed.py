"""The governed-paths gate (docs/how-to/gates.md#repository-gates): a PR touching ``gates.governed``
paths needs a signed contract-review record on the head it judges, by a reviewer
docs/how-to/who-can-satisfy-a-gate.md trusts."""

from __future__ import annotations

from collections.abc import Sequence

from govern.core.findings import Finding, Rule, quote_line
from govern.core.globs import Globs
from govern.git.gitio import RawChange
from govern.review import Located, State

SHOWN_PATHS = 5
FAILED_VERDICT = "FAIL"


def find_governed_paths(changes: Sequence[RawChange], rules: Sequence[Globs]) -> list[str]:
    """The governed paths a diff touches; a rename counts on either side. ``rules`` are the
    ``gates.governed`` globs of each configuration that applies: a path any of them governs
    is governed (the union: the stricter wins)."""
    return sorted({path for change in changes for path in (change.path, change.old_path)
                   if path is not None and any(globs.matches(path) for globs in rules)})


def check_governed(paths: Sequence[str], located: Located | None,
                   number: int | None) -> tuple[Finding, ...]:
    """A finding unless no governed path changed or a signed, non-FAIL record is on the head.

    ``located`` is None only when ``paths`` is empty (nothing needed looking up).
    """
    if not paths or located is None:
        return ()
    shown = ", ".join(f"`{quote_line(p)}`" for p in paths[:SHOWN_PATHS])
    if len(paths) > SHOWN_PATHS:
        shown += f" and {len(paths) - SHOWN_PATHS} more"
    head = located.head[:12]
    post = (f"`govern review post --pr {number} RECORD.yaml`" if number is not None
            else "`govern review post --pr N RECORD.yaml`")
    if located.state is State.FOUND and located.review is not None:
        if located.review.verdict != FAILED_VERDICT:
            return ()
        message = f"the contract review on head {head} has verdict {FAILED_VERDICT}"
        remedy = "address the review's findings, push, and ask for a new review of the new head"
    elif located.state is State.UNSIGNED:
        problems = "; ".join(quote_line(p) for p in located.problems) or "it is incomplete"
        message = f"the newest contract-review record on head {head} is not signed: {problems}"
        remedy = (f"the reviewer posts a corrected record (with its Implemented-by and "
                  f"Reviewed-by lines) on this head, e.g. with {post}")
    else:
        message = f"no contract-review record by a trusted reviewer is on head {head}"
        remedy = (f"a reviewer with write access who is not the PR's author (or one "
                  f"`review.trusted_authors` names; docs/how-to/who-can-satisfy-a-gate.md) "
                  f"reviews head {head} and posts the record, with the full 40-hex Head-sha, "
                  f"with {post}; a record on another head does not count")
    return (Finding(Rule.GOVERNED, f"this PR changes governed paths ({shown}), and {message}",
                    remedy),)
