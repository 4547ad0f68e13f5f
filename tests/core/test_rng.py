"""``Chance``, the one seeded generator: a ``random.Random`` whose state is one integer."""

from __future__ import annotations

import copy
import pickle
import random
import statistics

import pytest

from teachgames.core import Chance

#: ``Chance(42)``'s shuffle of 0..19 and its next ``randrange(1000)``, as they came out
#: before ``Chance`` was a ``random.Random``: Split and Ligretto deal their later rounds
#: from it, so a change here would deal a saved seed differently.
SHUFFLED_42 = [16, 3, 8, 11, 17, 18, 4, 6, 19, 7, 10, 1, 14, 9, 12, 2, 5, 0, 15, 13]


def test_the_stream_is_the_one_saved_games_were_dealt_from() -> None:
    rng = Chance(42)
    cards = list(range(20))
    rng.shuffle(cards)
    assert cards == SHUFFLED_42 and rng.randrange(1000) == 8


def test_every_random_method_works_and_the_same_seed_draws_the_same() -> None:
    def draws(rng: random.Random) -> list[object]:
        cards = list(range(10))
        rng.shuffle(cards)
        return [rng.random(), rng.choice("abcdef"), rng.sample(range(100), 5), rng.randint(1, 6),
                rng.randrange(10, 50, 5), rng.uniform(0.5, 2.5), rng.gauss(0, 1), rng.getrandbits(100),
                rng.choices("xyz", k=4), cards]  # fmt: skip

    assert isinstance(Chance(1), random.Random)
    assert draws(Chance(7)) == draws(Chance(7)) != draws(Chance(8))
    rng = Chance(3)
    floats = [rng.random() for _ in range(20_000)]
    assert all(0 <= x < 1 for x in floats) and abs(statistics.fmean(floats) - 0.5) < 0.01
    assert {rng.randint(1, 6) for _ in range(200)} == {1, 2, 3, 4, 5, 6}
    assert 0 <= rng.getrandbits(3) < 8 and rng.getrandbits(0) == 0


def test_the_state_is_one_whole_number_and_every_copy_draws_the_same() -> None:
    rng = Chance(5)
    rng.random()
    assert rng.getstate() == (rng.state,)
    twins = [rng.copy(), copy.copy(rng), copy.deepcopy(rng), pickle.loads(pickle.dumps(rng))]
    restored = Chance(0)
    restored.setstate(rng.getstate())
    for twin in [*twins, restored]:
        assert twin == rng and hash(twin) == hash(rng) and twin is not rng
    expected = [rng.random() for _ in range(5)]
    assert all([twin.random() for _ in range(5)] == expected for twin in [*twins, restored])
    rng.random()
    assert twins[0] != rng  # rng drew once more; its copy stayed where it was


def test_a_text_names_a_stream_and_no_seed_is_a_fresh_one() -> None:
    assert Chance.from_text("7/score/3") == Chance.from_text("7/score/3") != Chance.from_text("7/score/4")
    assert len({Chance().state for _ in range(5)}) > 1


@pytest.mark.parametrize("seed", [1.5, True, "7", [1]])
def test_a_seed_that_is_no_whole_number_is_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="whole number"):
        Chance(seed)  # type: ignore[arg-type]


def test_a_state_that_is_no_chance_state_is_refused() -> None:
    rng = Chance(1)
    for bad in [(-1,), (1 << 64,), ("1",), (1, 2)]:
        with pytest.raises(ValueError):
            rng.setstate(bad)
    assert rng == Chance(1)


def test_whole_numbers_are_the_rejection_draws_of_the_64_bit_stream() -> None:
    """randrange(n) keeps a 64-bit draw only below the largest multiple of n (no modulo
    bias); bounds near 2**64 reject often, so the fast check is compared there too."""
    fast, plain = Chance(11), Chance(11)

    def reference(n: int) -> int:
        limit = 2**64 - 2**64 % n
        while (x := plain.next64()) >= limit:
            pass
        return x % n

    for n in [1, 2, 3, 7, 52, 104, 2**32 + 1, 3 * 2**62, 2**63 + 1, 2**64 - 1] * 20:
        assert fast.randrange(n) == reference(n)
    assert fast == plain
