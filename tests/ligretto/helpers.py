"""Shared helpers for the Ligretto tests."""

from __future__ import annotations

from collections import Counter

from teachgames.ligretto import LigrettoGame
from teachgames.ligretto.cards import SET_SIZE, colour_of, number_of, owner_of


def all_cards(game: LigrettoGame) -> Counter[int]:
    """Every card on the table, wherever it lies (hands and centre)."""
    seen: Counter[int] = Counter()
    for h in game.state.hands:
        seen.update(h.stack)
        seen.update(c for c in h.row if c is not None)
        seen.update(h.deck)
        seen.update(h.turned)
    for pile in game.state.piles:
        seen.update(pile)
    return seen


def check_invariants(game: LigrettoGame) -> None:
    """Every card of every set exactly once, in its owner's places or the centre;
    every pile 1, 2, 3, … in one colour."""
    seen = all_cards(game)
    assert set(seen.values()) == {1}, "a card lies in two places"
    assert set(seen) == set(range(game.players * SET_SIZE)), "a card went missing"
    for p, h in enumerate(game.state.hands):
        for c in [*h.stack, *h.deck, *h.turned, *(x for x in h.row if x is not None)]:
            assert owner_of(c) == p, "a player holds someone else's card"
    for pile in game.state.piles:
        assert [number_of(c) for c in pile] == list(range(1, len(pile) + 1))
        assert len({colour_of(c) for c in pile}) == 1
