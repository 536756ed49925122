"""The hand-written docs corpus: discovery, the page scanner, the token index, matching."""
