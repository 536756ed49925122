"""The gates of docs/how-to/gates.md, one module each, their shared findings model, and the readers
that gather what a gate judges (the PR input, changeset files, packages, review record, ranges)."""
