"""The one error a site build raises: a single plain line saying what failed and what to do."""

from __future__ import annotations


class SiteBuildError(RuntimeError):
    """A site could not be built (a download failed, a hash differs, a folder is wrong, ...).

    The message is one line, meant to be printed as it is by ``teachgames site``.
    """
