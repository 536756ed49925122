"""``python -m govern``: the same as the ``govern`` console script."""

from govern.cli import main

main()
