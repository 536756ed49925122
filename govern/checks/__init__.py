"""The gates' shared findings model and the repository gates of DESIGN §7, one module each."""
