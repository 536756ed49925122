"""Attack: stall `govern init` with a Sphinx ``conf.py`` read for the modules it loads from
its own folder (its imports and the ``.py`` file names it quotes, as text, never run): lines
of spaces before an import that never comes, names that never end in ``.py``, quotes by the
million are each read in one pass."""

from __future__ import annotations

from functools import partial

from govern.init.site_excludes import sphinx_loaded_names
from tests.security.pr import within

EIGHT_MB = 8 * 1024 * 1024


def test_a_hostile_conf_py_is_read_for_its_loads_in_linear_time() -> None:
    for text in (" " * EIGHT_MB + "importx", "import" + " " * EIGHT_MB,
                 "'" + "a" * EIGHT_MB + ".p'", "'a" * (EIGHT_MB // 2), "'a.pyc" * (EIGHT_MB // 6),
                 "from \n" * (EIGHT_MB // 6)):
        assert within(partial(sphinx_loaded_names, text)) == set()
    assert sphinx_loaded_names("import a_b\nx = 'c.py'\n  from d import e\n") == {
        "a_b", "c", "d"}
