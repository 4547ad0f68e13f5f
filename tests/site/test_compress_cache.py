"""The site builder's compressed copies, kept in a cache that several builds share."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from teachgames.site.compress import have_brotli, precompress


def test_two_builds_compressing_the_same_files_into_one_cache_both_finish(tmp_path: Path) -> None:
    """What broke a CI run: two site builds (and two threads of one) compressed the same file
    into the shared cache through one spare name, and one found it moved away."""
    sites = []
    for n in range(2):
        site = tmp_path / f"site{n}"
        site.mkdir()
        for i in range(12):  # the same bytes under many names: one cache entry for all
            (site / f"same{i}.js").write_text("const teachgames = 1;\n" * 400, encoding="utf-8")
        sites.append(site)
    cache = tmp_path / "cache"
    with ThreadPoolExecutor(max_workers=2) as pool:
        written = list(pool.map(lambda site: precompress(site, cache, workers=4), sites))
    assert written == [12 * (2 if have_brotli() else 1)] * 2
    for site in sites:
        for source in site.glob("*.js"):
            assert source.with_name(source.name + ".gz").is_file()
