"""The attack suite of issue 13: one module per attack, each asserting the attack is refused and
the honest case still passes. Shared builders live in ``tests/security/pr.py``."""
