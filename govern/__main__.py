"""``python -m govern``: the same as the ``govern`` console script."""

from govern import collect_less

collect_less()  # before govern.cli's imports, where most collections were
from govern.cli import main  # noqa: E402

main()
