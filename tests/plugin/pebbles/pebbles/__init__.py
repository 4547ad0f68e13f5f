"""Pebbles, a toy fifth game for teachgames in its own package (see ``pyproject.toml``).

Importing it is light: the game's module loads when the registry is asked for it."""
