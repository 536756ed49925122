"""``govern init``'s library: what a repository's committed paths say its configuration should be
(docs/how-to/setup.md); one module per job."""
