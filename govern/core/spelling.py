"""Whether a text changed only in the spelling of its words: a typo sweep (``occured`` →
``occurred``, ``HMTL`` → ``HTML``) edits pages no code change asked for, so calibrate keeps
such a page out of the reference set as it does release notes; and a docstring so fixed says
what it said, so affected-docs lists only the pages rendering it
(docs/concepts/anchoring-rules.md#what-anchors).

The test is deliberately narrow. Lines are paired by position (a typo fix edits lines in
place; a reflowed or rewritten paragraph changes the line count and is a change of substance),
each changed line keeps its number of words, and every word that differs is a prose word
(letters, perhaps an inner hyphen or apostrophe, inside punctuation) that keeps its first and
last letters and is within two edits of the word it replaced (one for a word of four letters
or fewer). A word written plain on one side and only re-cased (``Github`` → ``GitHub``) or a
token that only gained or lost its closing punctuation (``Currently`` → ``Currently,``, a
sentence's final full stop after a code span) is a fix too. A code-shaped word
(``serveStatic``, ``ctx.body``, ``max_age``, ``3.10``) never counts as a spelling fix, nor
does a mixed-case word re-cased (``HTTPError`` → ``HttpError``): renaming what a page names
is what drift looks like."""

from __future__ import annotations

import re

MAX_EDITS = 2
"""Typos a word may carry: an inserted, dropped, replaced or swapped letter, twice."""

SHORT_WORD = 4
"""A word of at most this many letters may carry one typo, not two."""

MAX_WORD = 40
"""Longer words are not read as prose (and the edit distance of two stays cheap)."""

MAX_RESPELLED = 50
"""Words a page may have respelled and still be a typo fix: more is a rewrite, and the bound
keeps the reading of a hostile page linear."""

# A prose word inside its punctuation: letters, with an inner hyphen or apostrophe.
# Matched only against tokens of at most MAX_WORD characters (a bounded cost per word).
_WORD = re.compile(r"[\"'(\[*_]*([A-Za-z]+(?:['’-][A-Za-z]+)*)[\"')\]*_.,;:!?]*")
_CAMEL = re.compile(r"[a-z][A-Z]")


def _prose_word(token: str) -> str | None:
    """The word a token spells, or None for a code-shaped token."""
    if len(token) > MAX_WORD:
        return None
    match = _WORD.fullmatch(token)
    if match is None or _CAMEL.search(match.group(1)):
        return None
    return match.group(1)


_CLOSING = ".,;:!?"
"""Punctuation that closes a clause or a sentence."""


def _repunctuated(old: str, new: str) -> bool:
    """``Currently`` and ``Currently,``; ```` `PiniaPlugin` ```` and ```` `PiniaPlugin`. ````
    (pinia's ``5a2a38d0``): the same token but the punctuation that closes it. ``it.`` and
    ``its.`` differ in a letter, so they are no such pair, nor are two marks (``?`` and
    ``:``), which hold no word."""
    kept = old.rstrip(_CLOSING)
    return bool(kept) and kept == new.rstrip(_CLOSING)


def _plain_case(word: str) -> bool:
    """Written as prose writes a word: all lower case, all capitals, or capitalised."""
    return word.islower() or word.isupper() or (word[0].isupper() and word[1:].islower())


def _recased(old: str, new: str) -> bool:
    """``Github`` and ``GitHub``, ``javascript`` and ``JavaScript`` (tox's ``90b69b3a``): one
    word in prose, its letters the same but for their case, written plain on one side
    (:func:`_plain_case`). Mixed case on both sides is a name re-cased (``HTTPError`` and
    ``HttpError``, ``JSONDecoder`` and ``JsonDecoder``; tox's ``PyPi`` and ``PyPI`` alike),
    and a lower camelCase spelling on either side (``getUrl``) a name in code."""
    if max(len(old), len(new)) > MAX_WORD or old.lower() != new.lower():
        return False
    words = [match.group(1) for token in (old, new)
             if (match := _WORD.fullmatch(token)) is not None]
    return len(words) == 2 and any(_plain_case(word) for word in words) and not any(
        word[0].islower() and _CAMEL.search(word) for word in words)


def _within_edits(old: str, new: str, edits: int) -> bool:
    """Whether the optimal-string-alignment distance (an adjacent swap counts once) is at most
    ``edits``: the letters both words share at their ends set aside, what is left of two words
    of at most :data:`MAX_WORD` letters is compared in full."""
    if abs(len(old) - len(new)) > edits:
        return False
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    old, new = old[start:len(old) - end], new[start:len(new) - end]
    before: list[int] | None = None
    previous = list(range(len(new) + 1))
    for i, letter in enumerate(old, 1):
        current = [i] + [0] * len(new)
        for j, other in enumerate(new, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1,
                             previous[j - 1] + (letter != other))
            if (before is not None and j > 1 and letter == new[j - 2]
                    and old[i - 2] == other):
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > edits:
            return False  # every alignment from here on costs more
        before, previous = previous, current
    return previous[-1] <= edits


def _respelled(old_line: str, new_line: str) -> list[tuple[str, str]] | None:
    """The word pairs a changed line respelled, or None when it changed otherwise."""
    old_words, new_words = old_line.split(), new_line.split()
    if len(old_words) != len(new_words):
        return None
    pairs = [(old, new) for old, new in zip(old_words, new_words, strict=True) if old != new]
    return pairs if len(pairs) <= MAX_RESPELLED else None


def _same_ends(old: str, new: str) -> bool:
    return (old[0], old[-1]) == (new[0], new[-1])


def _swapped_end(old: str, new: str) -> bool:
    """``teh`` and ``the``, ``hte`` and ``the``: the same letters but two neighbours at one end
    swapped, the commonest slip of the keyboard."""
    return len(old) == len(new) and (
        (old[:-2] == new[:-2] and old[-2:] == new[:-3:-1])
        or (old[2:] == new[2:] and old[:2] == new[1::-1]))


def _is_typo(old_token: str, new_token: str) -> bool:
    """Whether two tokens are one prose word misspelt and fixed. A fix keeps the word's first
    and last letters (``reponse``, ``HMTL``, ``particulary``), or swaps its first or last two
    (``teh``, ``lenght``): a word gaining or losing its ends is another word (``sync`` and
    ``async``, ``http`` and ``https``, ``not`` and ``now``), and a short word has room for one
    typo only (``POST`` is not ``PUT``). A token only re-punctuated or a word only re-cased is
    one too (:func:`_repunctuated`, :func:`_recased`)."""
    if _repunctuated(old_token, new_token) or _recased(old_token, new_token):
        return True
    old, new = _prose_word(old_token), _prose_word(new_token)
    if old is None or new is None or min(len(old), len(new)) < 3:
        return False
    if not (_same_ends(old.lower(), new.lower()) or _swapped_end(old.lower(), new.lower())):
        return False
    return _within_edits(old, new, 1 if min(len(old), len(new)) <= SHORT_WORD else MAX_EDITS)


def is_respelling(before: str, after: str) -> bool:
    """Whether ``after`` is ``before`` with only the spelling of some prose words fixed: the
    same lines in the same order, each changed one differing in prose words only, each a typo
    of its old spelling (:func:`_is_typo`). Two equal texts are no respelling (nothing
    changed)."""
    old_lines, new_lines = before.splitlines(), after.splitlines()
    if len(old_lines) != len(new_lines):
        return False
    words: list[tuple[str, str]] = []
    for old_line, new_line in zip(old_lines, new_lines, strict=True):
        if old_line != new_line:
            pairs = _respelled(old_line, new_line)
            if pairs is None or len(words) + len(pairs) > MAX_RESPELLED:
                return False
            words.extend(pairs)
    return bool(words) and all(_is_typo(old, new) for old, new in words)
