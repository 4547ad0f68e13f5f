"""Write every game's lesson notebooks in every language (English, Russian, Bulgarian).

    python notebooks/build.py            # writes notebooks/<language>/<game>-<lesson>.ipynb
    python notebooks/build.py --check    # fails if a committed notebook differs

The generic builder (``teachgames.lesson.notebooks``) does the work: each game supplies its
cells (``teachgames/<game>/lesson/notebooks.py``) and its words per language
(``teachgames/<game>/lesson/text/<language>/*.md``). Notebooks are written without outputs;
``tests/test_notebooks.py`` runs each of them top to bottom. See docs/lessons.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from teachgames.lesson.notebooks import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
