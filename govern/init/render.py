"""The commented govern.toml ``govern init`` proposes: every key of the registry with its
description, the detected value where one was found, the default else."""

from __future__ import annotations

import textwrap

from govern.config import KEYS
from govern.config.render import render_value
from govern.init.detect import Detected
from govern.init.preset import GATES_PAGE

COMMENT_WIDTH = 98
"""Description comments are wrapped to fit 100 columns with their ``# ``."""
EXPLAINED = {
    "declarations.required": (
        "Read only by the declarations gate (preset \"contract\", or gates.enable), which then "
        "requires one such line per key in each PR body and changeset, as `Clause-②: no` and "
        "`Metadata-protocol: none` (the second sets the least changeset bump): see "
        f"{GATES_PAGE}#declaration-lines."),
}
"""Keys whose registry sentence assumes a process a maintainer new to govern does not know:
what they are, written above the key in the generated govern.toml."""


def _wrap(text: str) -> list[str]:
    """A comment's lines; a path or a ``Clause-②`` is never split at its hyphen."""
    return textwrap.wrap(text, COMMENT_WIDTH, break_on_hyphens=False, break_long_words=False)


def render_config(detected: Detected) -> str:
    """The commented govern.toml: every key with the registry's description, detected values
    where found, defaults else."""
    out = ["# govern configuration (written by `govern init`; every key is shown, with its",
           "# default unless something in this repository suggested another value).",
           "# Gates read this file from the merge base, so a PR cannot loosen its own rules."]
    section = ""
    for key in KEYS:
        if key.section != section:
            section = key.section
            out += ["", f"[{section}]"]
        text = " ".join([key.description, *([EXPLAINED[key.dotted]]
                                            if key.dotted in EXPLAINED else [])])
        out += [f"# {line}" for line in _wrap(text)]
        if key.dotted in detected.notes:
            out += [f"# {line}" for line in _wrap(detected.notes[key.dotted])]
        if key.dotted == "gates.preset":
            out += [f"# {line}" for reason in detected.reasons
                    for line in _wrap(f"chosen by govern init: {reason}")]
        value = detected.values.get(key.dotted, key.default_toml)
        out.append(f"{key.name} = {render_value(value)}")
    return "\n".join(out) + "\n"
