"""The message catalogue: complete in every language, same placeholders, clear errors."""

from __future__ import annotations

import pytest

from teachgames.explain import LANGUAGES, get_language, set_language, tr
from teachgames.explain.i18n import keys, messages, missing_keys, placeholder_problems

DOMAINS = ["explain"]


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield None
    set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_language_has_every_key(domain: str, language: str) -> None:
    assert keys(domain), "the English file is empty"
    assert missing_keys(domain, language) == []
    assert placeholder_problems(domain, language) == []


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_translations_are_translated(language: str) -> None:
    english = messages("explain", "en")
    same = [k for k, v in messages("explain", language).items() if v == english[k]]
    assert same == []
    cyrillic = [
        v for v in messages("explain", language).values() if any("\u0400" <= ch <= "\u04ff" for ch in v)
    ]
    assert len(cyrillic) == len(english)


def test_tr_fills_placeholders_and_falls_back() -> None:
    assert LANGUAGES == ("en", "ru", "bg")
    assert tr("explain.player", number=2) == "Player 2"
    assert tr("explain.player", "ru", number=2) == "Игрок 2"
    assert tr("explain.player", language="bg", number=2) == "Играч 2"
    assert tr("explain.verdict_legal", "ru") == "Можно"


def test_missing_value_names_the_key() -> None:
    with pytest.raises(KeyError, match=r"explain\.player"):
        tr("explain.player")


def test_unknown_key_and_language() -> None:
    with pytest.raises(KeyError, match=r"explain\.no_such_message"):
        tr("explain.no_such_message")
    with pytest.raises(KeyError):
        tr("nodomain")
    with pytest.raises(ValueError, match="en, ru, bg"):
        tr("explain.so", "de")
    with pytest.raises(ValueError, match="en, ru, bg"):
        set_language("fr")


def test_set_language_changes_the_default() -> None:
    assert get_language() == "en"
    set_language("bg")
    assert get_language() == "bg"
    assert tr("explain.pizza") == "пица"
    set_language("en")
    assert tr("explain.pizza") == "pizza"


def test_domain_without_locales_is_empty() -> None:
    assert messages("nosuchdomain", "en") == {}
    assert missing_keys("nosuchdomain", "ru") == []


def test_fallback_and_completeness_helpers(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    import json
    from pathlib import Path

    import teachgames.core.i18n as i18n

    root = Path(str(tmp_path))
    (root / "demo" / "locales").mkdir(parents=True)
    (root / "demo" / "locales" / "en.json").write_text(
        json.dumps({"_comment": "x", "hello": "Hello {name}", "demo.bye": "Bye", "nested": {"deep": "Deep"}}),
        encoding="utf-8",
    )
    (root / "demo" / "locales" / "ru.json").write_text(
        json.dumps({"hello": "Привет {who}"}), encoding="utf-8"
    )

    class Files:
        def __truediv__(self, part: str) -> Path:
            return root / part

    import importlib.resources

    # i18n imports importlib.resources with its first message (not at start-up): patch it there
    monkeypatch.setattr(importlib.resources, "files", lambda package: Files())
    i18n.messages.cache_clear()
    try:
        assert keys("demo") == ["bye", "hello", "nested.deep"]
        assert missing_keys("demo", "ru") == ["bye", "nested.deep"]
        assert placeholder_problems("demo", "ru") == ["hello"]
        assert tr("demo.bye", "ru") == "Bye"  # falls back to English
        assert tr("demo.nested.deep") == "Deep"
    finally:
        i18n.messages.cache_clear()
