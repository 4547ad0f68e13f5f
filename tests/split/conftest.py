"""Register Split for these tests until the entry point ``split = "teachgames.split:Game"``
is installed (then the registration is a harmless repeat)."""

from __future__ import annotations

import teachgames
from teachgames.split import SplitGame

teachgames.register_game("split", SplitGame)
