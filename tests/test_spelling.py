"""Which page edits are typo fixes calibrate sets aside (govern.core.spelling): prose words
respelled in place, and nothing a reader of the code could have asked for."""

from __future__ import annotations

import pytest

from govern.core.spelling import is_respelling

PAGE = ("# Response\n\nTo make a reponse, simply return it.\n\n"
        "> Middleware is **not recommanded** here.\n\n"
        "```js\nthrow createError({ message: \"An error occured\" })\n```\n")


@pytest.mark.parametrize("old, new", [
    ("reponse", "response"),                 # a dropped letter
    ("recommanded", "recommended"),          # a replaced one
    ("occured", "occurred"),                 # inside a code block's string: still prose
    ("simply", "simplly"),                   # an added letter
])
def test_a_typo_sweep_is_a_respelling(old: str, new: str) -> None:
    assert is_respelling(PAGE, PAGE.replace(old, new))


def test_swapped_letters_and_several_words_on_several_lines_are_a_respelling() -> None:
    before = "Serve HMTL pages, toghether with images.\n\nIt is particulary fast.\n"
    after = "Serve HTML pages, together with images.\n\nIt is particularly fast.\n"
    assert is_respelling(before, after)


@pytest.mark.parametrize("old, new", [
    ("reponse", "answer"),                           # another word, not a respelling
    ("simply return it.", "simply return it or throw."),  # words added
    ("To make a reponse, simply return it.\n\n", ""),     # a line removed
    ("a reponse", "a response, well,"),              # the word count changed
    ("it.", "its."),                                 # too short to tell a typo from a word
])
def test_a_change_of_substance_is_no_respelling(old: str, new: str) -> None:
    assert not is_respelling(PAGE, PAGE.replace(old, new))


@pytest.mark.parametrize("before, after", [
    ("Call `serveStatic` first.\n", "Call `serveStatics` first.\n"),   # a renamed function
    ("Call serveStatic first.\n", "Call serveStatics first.\n"),       # camelCase, bare
    ("Set ctx.bodyy to it.\n", "Set ctx.body to it.\n"),               # dotted
    ("Pass max_agee.\n", "Pass max_age.\n"),                           # snake_case
    ("Needs Python 3.8.\n", "Needs Python 3.9.\n"),                    # a version
    ("html(event, body)\n", "html(evnt, body)\n"),                     # code
])
def test_a_code_shaped_word_is_never_a_typo(before: str, after: str) -> None:
    """Renaming what a page names is what drift looks like: such a page stays a reference."""
    assert not is_respelling(before, after)


@pytest.mark.parametrize("old, new", [
    ("sync", "async"), ("**sync**", "**async**"), ("http", "https"),   # the ends changed
    ("not", "now"), ("can", "can't"), ("min", "max"), ("TCP", "UDP"),
    ("POST", "PUT"),                                                   # two edits, short
    ("serve", "server"),                                               # a command renamed
])
def test_another_word_is_no_typo(old: str, new: str) -> None:
    """Found by review: each of these is one or two edits, and each changes what is said."""
    assert not is_respelling(f"Use the {old} mode.\n", f"Use the {new} mode.\n")


def test_an_unchanged_page_is_no_respelling() -> None:
    assert not is_respelling(PAGE, PAGE)


def test_three_edits_in_one_word_are_no_typo() -> None:
    assert is_respelling("the recieve step\n", "the receive step\n")
    assert not is_respelling("the recieve step\n", "the revived step\n")


@pytest.mark.parametrize("old, new", [
    ("teh", "the"), ("hte", "the"), ("adn", "and"), ("wiht", "with"), ("lenght", "length"),
    ("widht", "width"),
])
def test_neighbours_swapped_at_a_word_end_are_a_typo(old: str, new: str) -> None:
    """Found by review: the commonest slips were taken for other words."""
    assert is_respelling(f"Set {old} value.\n", f"Set {new} value.\n")
    assert not is_respelling(f"Set {old} value.\n", f"Set {new[:-1]}x value.\n")


def test_a_short_word_carries_one_typo() -> None:
    assert is_respelling("Serve HMTL.\n", "Serve HTML.\n")  # a swap is one edit
    assert is_respelling("go wth it\n", "go with it\n")
    assert not is_respelling("a taxi\n", "a toxic\n")


@pytest.mark.parametrize("before, after", [
    ("the following:", "the following::"),           # reST markup: the word stays the same
    ("it's value is kept", "its value is kept"),     # a dropped apostrophe
])
def test_punctuation_around_the_same_word_is_a_respelling(before: str, after: str) -> None:
    assert is_respelling(before, after)
    assert not is_respelling(before, before)


@pytest.mark.parametrize("before, after", [
    ("the the value", "the value"),                            # a word dropped
    ("Return the value.", "Return the value, or None."),       # words added
    ("Return the value\nof the key.", "Return the value of the key."),  # reflowed
])
def test_a_word_added_dropped_or_reflowed_is_no_respelling(before: str, after: str) -> None:
    assert not is_respelling(before, after)


@pytest.mark.parametrize("before, after", [
    ("are hosted on Github. The", "are hosted on GitHub. The"),              # tox's 90b69b3a
    ("with JSON or Json", "with JSON or JSON"),
    ("written in javascript here", "written in JavaScript here"),
])
def test_a_word_only_re_cased_is_a_respelling(before: str, after: str) -> None:
    assert is_respelling(before, after)


@pytest.mark.parametrize("before, after", [
    ("Call getUrl first.", "Call getURL first."),          # a lower camelCase name renamed
    ("Call `PyPi` first.", "Call `PyPI` first."),          # a code span's name
    ("Raise HTTPError here.", "Raise HttpError here."),    # found by review: classes renamed
    ("Use JSONDecoder.", "Use JsonDecoder."),
    ("See *UrlPattern*", "See *URLPattern*"),
    ("via PyPi you", "via PyPI you"),                      # mixed case both sides: a name
    ("Use HTTP here.", "Use HTTPS here."),                 # another word
])
def test_a_name_re_cased_is_no_respelling(before: str, after: str) -> None:
    assert not is_respelling(before, after)


@pytest.mark.parametrize("before, after", [
    ("Currently the code", "Currently, the code"),         # tox's 90b69b3a
    ("was renamed to `PiniaPlugin`", "was renamed to `PiniaPlugin`."),  # pinia's 5a2a38d0
    ("See ``app.run()``", "See ``app.run()``;"),
])
def test_closing_punctuation_alone_is_a_respelling(before: str, after: str) -> None:
    assert is_respelling(before, after)
    assert not is_respelling(before, after.replace("the", "a").replace("`Pinia", "`Vue")
                             .replace("app.", "ap."))


def test_marks_alone_are_no_respelling() -> None:
    """Found by review: two marks strip to nothing, and nothing is no word."""
    assert not is_respelling("Is it ? Yes", "Is it : Yes")
