"""govern: repository governance on pull requests."""

__version__ = "0.1.0"
