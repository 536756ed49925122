"""The shapes of record values (a sha, an ISO time, a model id) and the canonical forms of free
text, shared by the readers, the linter and the locator."""

from __future__ import annotations

import json
import re

HEX_SHA = re.compile(r"[0-9a-fA-F]{7,40}")
ISO_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})"
)
ROUND = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]{0,19}")
HEADER_KEY = re.compile(r"[A-Za-z][A-Za-z0-9 _-]{0,39}")
# Model-id shapes (claude-…, gpt-4o, gemini-1.5-pro): a served tier names a tier, never a model,
# so a record does not leak which model served it.
MODEL_FAMILY = re.compile(
    r"(?i)^(claude|gpt|gemini|llama|mistral|mixtral|codestral|opus|sonnet|haiku|gpt\d.*|o\d)$"
)


def is_hex_sha(value: str) -> bool:
    return HEX_SHA.fullmatch(value) is not None


def is_null_sha(value: str) -> bool:
    """The all-zero placeholder git and GitHub use for "no commit"."""
    return is_hex_sha(value) and set(value) == {"0"}


def is_on_head(record_sha: str, head: str) -> bool:
    """A record judges ``head`` when its Head-sha abbreviates it (or the reverse for a short
    ``--head``); both must be at least 7 hex digits so an empty or tiny prefix never matches."""
    a, b = record_sha.lower(), head.lower()
    return is_hex_sha(a) and is_hex_sha(b) and (b.startswith(a) or a.startswith(b))


FULL_SHA = re.compile(r"[0-9a-fA-F]{40}")


def is_full_head(record_sha: str, head: str) -> bool:
    """A record judges ``head`` for a gate only when its Head-sha is the whole 40-hex head: an
    abbreviation can be matched by a commit the record's author never saw (issue 13)."""
    return FULL_SHA.fullmatch(record_sha) is not None and record_sha.lower() == head.lower()


def is_model_id(token: str) -> bool:
    return any(MODEL_FAMILY.match(part) for part in re.split(r"[^0-9A-Za-z]+", token) if part)


def collapse(text: str) -> str:
    """One line, single spaces: the canonical form of every free-text field but ``semver``."""
    return " ".join(text.split())


def collapse_paragraphs(text: str) -> str:
    paragraphs = (collapse(p) for p in re.split(r"\n[ \t]*\n", text.replace("\r\n", "\n")))
    return "\n\n".join(p for p in paragraphs if p)


def quote(text: str, limit: int = 80) -> str:
    """Untrusted text as a JSON string literal (control characters escaped), cut at ``limit``."""
    cut = text if len(text) <= limit else text[: limit - 1] + "…"
    return json.dumps(cut, ensure_ascii=False)
