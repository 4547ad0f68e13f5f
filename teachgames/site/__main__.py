"""``python -m teachgames.site -o DIR [--serve]``: the site command without the main CLI."""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
