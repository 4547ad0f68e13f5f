"""Practice as a pupil's app page in Voilà (no code shown), in Bulgarian, dark: the question,
a misconception's answer named, the right answer marked right, the next item. Nothing the
page asks for leaves the machine."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from teachgames import practice
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.voila.conftest import (
    RENDER_TIMEOUT_MS,
    RENDERED_JS,
    is_local,
    require_voila_browser,
    running_voila,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CODE = "from teachgames import practice\npractice.show('split', skills=['pad_score'], seed=4, language='bg')"


def _notebook(folder: Path) -> Path:
    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "c0", "metadata": {}, "outputs": [],
                   "source": CODE}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    path = folder / "practice-split.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    require_voila_browser()
    base = tmp_path_factory.mktemp("practice-voila")
    with running_voila(base, "bg", notebooks=[_notebook(base)]) as server:
        yield server


def test_a_pupil_practises_in_voila(served: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    item = practice.Practice("split", ["pad_score"], seed=4, language="bg").item
    external: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})

        def route(r: Any) -> None:
            if is_local(r.request.url):
                r.continue_()
            else:
                external.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        page.goto(served.url("practice-split.ipynb", "dark"), timeout=RENDER_TIMEOUT_MS)
        page.wait_for_function(RENDERED_JS, timeout=RENDER_TIMEOUT_MS)
        expect(page.get_by_test_id("tgp-prompt")).to_have_text(item.prompt, timeout=RENDER_TIMEOUT_MS)
        assert "practice.show" not in page.content()  # the pupil sees no code
        box = page.get_by_test_id("tgp-input")
        box.fill(item.wrong_answers()["forgot_negative"])
        box.press("Enter")
        feedback = page.get_by_test_id("tgp-feedback")
        expect(feedback).to_have_text("✗ " + item.skill.rule("forgot_negative").line("bg"))
        box.fill(str(item.answer))
        box.press("Enter")
        expect(feedback).to_contain_text("✓")
        page.screenshot(path=str(tmp_path / "practice-voila-bg-dark.png"))
        page.get_by_test_id("tgp-next").click()
        expect(page.get_by_test_id("tgp-prompt")).not_to_have_text(item.prompt)
        browser.close()
    assert external == []
