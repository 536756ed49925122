"""Documentable anchors: what a diff touched, named the way docs name it."""
