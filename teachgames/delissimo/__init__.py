"""Delissimo: fraction pizzas (RULES.md §1). Pure Python; no sympy or UI on import."""

from __future__ import annotations

from .cards import CARDS, Card, parse_card

__all__ = ["CARDS", "Card", "parse_card"]
