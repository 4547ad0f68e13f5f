"""The simulation-experiments lesson (one notebook per language)."""
