"""The platform serves any game: two toy games go through registry, bots, simulate,
save/load, undo, the real-time arbiter and scheduler, exactly as the built-in games do."""

from __future__ import annotations

import json
import os
import signal
import threading
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import teachgames
from teachgames.bots import GreedyBot, LookaheadBot, RandomBot
from teachgames.core import Chance, GameOption
from teachgames.core.realtime import Scheduler, settle

from .toys import Race, Sums

pytestmark = pytest.mark.usefixtures("toys")  # the toy games are registered (conftest.py)


def test_registered_games_join_the_registry_and_the_package():
    assert teachgames.GAMES[:4] == ("delissimo", "tsvetik", "ligretto", "split")
    assert {"sums", "race"} <= set(teachgames.GAMES)
    assert teachgames.new_game("sums", players=3, seed=1).players == 3
    assert teachgames.sums.Sums is Sums  # teachgames.<game> is the game's module
    with pytest.raises(ValueError, match="unknown game 'nope'"):
        teachgames.new_game("nope")
    with pytest.raises(TypeError):
        teachgames.register_game("bad", dict)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        teachgames.register_game("Not A Name", Sums)


def test_unknown_game_in_a_saved_file_is_a_clear_file_error():
    text = teachgames.new_game("sums", seed=3).to_json().replace('"sums"', '"nonesuch"')
    with pytest.raises(teachgames.GameFileError, match="cannot load"):
        teachgames.load_game(text)


def test_chance_is_exact_and_copyable():
    a = Chance(42)
    b = a.copy()
    xs = list(range(20))
    ys = list(range(20))
    a.shuffle(xs)
    b.shuffle(ys)
    assert xs == ys and xs != list(range(20))
    assert a == b and a.copy() is not a
    assert all(0 <= Chance(s).randrange(7) < 7 for s in range(200))
    assert len({Chance(s).randrange(7) for s in range(200)}) == 7  # every outcome can happen
    with pytest.raises(ValueError):
        Chance(1.5)  # type: ignore[arg-type]


def test_rounds_reshuffle_from_the_kept_chance_and_undo_is_exact():
    g = teachgames.new_game("sums", players=2, seed=5, rounds=3)
    first_row = list(g.view()["row"])
    seen_rows = []
    while not g.is_over():
        if g.view()["deck"] == 6 and len(g.history) % 9 == 0:
            seen_rows.append(list(g.view()["row"]))
        before = g.to_json(), g.view()
        g.play(g.legal_moves()[0])
        g.undo()
        assert (g.to_json(), g.view()) == before  # undo across a reshuffle restores it exactly
        g.play(g.legal_moves()[-1])
    assert g.round == 4 - 1 + 1 and len(g.round_scores()) == 3
    assert [sum(r[p] for r in g.round_scores()) for p in range(2)] == g.scores()
    assert sum(map(sum, g.round_scores())) == 3 * sum(range(1, 10))  # every card scored once a round
    assert len({tuple(r) for r in seen_rows}) > 1 and seen_rows[0] == first_row  # new deal each round
    again = teachgames.load_game(g.to_json())
    assert again == g and again.round_scores() == g.round_scores()


def test_winners_and_refusals_through_the_contract():
    g = teachgames.new_game("sums", players=2, seed=2, rounds=1)
    with pytest.raises(teachgames.IllegalMove, match="Player 1's turn"):
        g.play({"kind": "take", "player": 1, "index": 0})
    assert g.problem({"kind": "take", "player": 0, "index": 7}).code == "no-card"
    assert g.explain({"kind": "take", "player": 0, "index": 0}).verdict is True
    assert g.explain({"kind": "take", "player": 0, "index": 9}).verdict is False
    assert g.winners() == []  # nobody has won a game still going
    while not g.is_over():
        g.play(g.legal_moves()[0])
    best = max(g.scores())
    assert g.winners() == [p for p, s in enumerate(g.scores()) if s == best]
    assert g.describe(g.history[0]) == "Player 1 takes card 1"


@pytest.mark.parametrize("bot", [RandomBot(3), GreedyBot(), LookaheadBot(playouts=3, seed=1)])
def test_every_bot_plays_only_legal_moves_and_says_why(bot):
    g = teachgames.new_game("sums", players=2, seed=9)
    while not g.is_over():
        move = bot.choose(g)
        assert move in g.legal_moves()
        g.play(move)
    g2 = teachgames.new_game("sums", players=2, seed=9)
    words = bot.explain_choice(g2, language="ru")  # the toy's move words are English, the frame Russian
    assert any(ch in words for ch in "абвгдежзийклмнопрстуфхцчшщыэюя")
    assert "Player 1 takes card" in words


def test_greedy_takes_the_biggest_open_card():
    g = teachgames.new_game("sums", players=2, seed=4)
    row = g.view()["row"]
    assert GreedyBot().choose(g).index == row.index(max(row))
    assert f"from 0 to {max(row)}" in GreedyBot().explain_choice(g)


def test_simulate_runs_turn_based_and_simultaneous_games_alike():
    sums = teachgames.simulate("sums", [GreedyBot(), RandomBot(1)], games=6, seed=10, rounds=2)
    assert [s.seed for s in sums] == list(range(10, 16))
    assert all(len(s.round_scores) == 2 for s in sums)
    assert all(list(s.scores) == [sum(r[p] for r in s.round_scores) for p in range(2)] for s in sums)
    race = teachgames.simulate("race", [RandomBot(0, speed=3.0), RandomBot(1, speed=1.0)], games=5)
    assert all(sum(s.scores) == Race.TOP for s in race)  # each pile card laid exactly once
    # the faster player lays most cards in most games
    assert sum(s.scores[0] > s.scores[1] for s in race) >= 4
    assert sum(s.refused for s in race) >= 0
    assert race.to_dicts()[0]["round_scores"] == [list(race[0].scores)]


def test_simulate_is_the_same_in_a_process_pool():
    bots = [GreedyBot(), RandomBot(7)]
    serial = teachgames.simulate("delissimo", bots, games=4, seed=3, level="basic")
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = teachgames.simulate("delissimo", bots, games=4, seed=3, level="basic", executor=pool)
    assert serial == pooled


def test_an_executor_gets_the_games_in_runs_of_consecutive_seeds():
    """A class's 1,000 games reach an executor as about 32 tasks of consecutive seeds (one
    task per game cost a process pool as much handing over as a game costs to play), and
    the summaries are the serial ones, in seed order."""
    tasks: list[Any] = []

    class Counting(ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            tasks.append(args[2])  # the task's seeds
            return super().submit(fn, *args, **kwargs)

    bots = [GreedyBot(), RandomBot(2)]
    serial = teachgames.simulate("sums", bots, games=1000, seed=5, progress=False)
    with Counting(max_workers=2) as pool:
        pooled = teachgames.simulate("sums", bots, games=1000, seed=5, executor=pool, progress=False)
    assert pooled == serial and [s.seed for s in pooled] == list(range(5, 1005))
    assert 30 <= len(tasks) <= 36 and [seed for task in tasks for seed in task] == list(range(5, 1005))
    tasks.clear()
    with Counting(max_workers=2) as pool:  # a handful of games: one task each
        few = teachgames.simulate("sums", bots, games=3, seed=5, executor=pool, progress=False)
    assert few == serial[:3] and tasks == [range(5, 6), range(6, 7), range(7, 8)]


def test_ctrl_c_while_waiting_on_a_pool_stops_between_waits(request: pytest.FixtureRequest) -> None:
    """Ctrl-C while simulate() waits on an executor: KeyboardInterrupt, the games not
    started are cancelled (a pool or a cluster does not play them), no future's lock is
    left taken (a lock left taken hung the command once), and Python's own Ctrl-C
    handler is back."""
    futures: list[Future[Any]] = []
    # Python's own handler, as in a kernel's running cell, whatever a test before left.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    request.addfinalizer(lambda: signal.signal(signal.SIGINT, before))
    with ThreadPoolExecutor(max_workers=1) as pool:
        submit = pool.submit

        def kept(*args: Any, **kwargs: Any) -> Future[Any]:
            futures.append(submit(*args, **kwargs))
            return futures[-1]

        pool.submit = kept  # type: ignore[method-assign]
        ctrl_c = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        ctrl_c.start()
        with pytest.raises(KeyboardInterrupt):
            teachgames.simulate("delissimo", [RandomBot(1), RandomBot(2)], games=5000, level="basic",
                                executor=pool, progress=False)  # fmt: skip
        ctrl_c.join()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert futures and futures[-1].cancelled() and not all(f.cancelled() for f in futures)
    for future in futures:
        assert future._condition.acquire(timeout=5)  # nobody holds it
        future._condition.release()


def test_the_arbiter_settles_a_race_by_landing_time():
    g = teachgames.new_game("race", players=3)
    attempts = settle(g, [
        {"kind": "lay", "player": 2, "card": 1, "at": 0.50},
        {"kind": "lay", "player": 0, "card": 1, "at": 0.25},
        {"kind": "lay", "player": 1, "card": 2, "at": 0.75},
    ])
    assert [(a.player, a.accepted) for a in attempts] == [(0, True), (2, False), (1, True)]
    assert attempts[1].reason == "pile taken" and attempts[1].code == "pile-taken"
    assert g.view() == {"top": 2, "laid": [1, 1, 0], "clock": 0.75}
    with pytest.raises(teachgames.IllegalMove, match="before the last"):
        g.play({"kind": "lay", "player": 2, "card": 3, "at": 0.1})
    assert g.current_player is None and "all players act" in repr(g)


def test_the_scheduler_is_deterministic_and_lets_a_pupil_in():
    def run(seed):
        g = teachgames.new_game("race", players=2)
        sched = Scheduler(g, {1: RandomBot(0, speed=2.0)}, seed=seed)  # player 0 is a pupil
        sched.advance(0.1)
        sched.submit({"kind": "lay", "player": 0, "card": g.view()["top"] + 1})
        sched.run()
        return g.to_json(), [a.to_dict() for a in sched.attempts]
    assert run(4) == run(4)
    game_json, attempts = run(4)
    assert any(a["player"] == 0 and a["accepted"] for a in attempts)  # the pupil's card landed
    times = [m["at"] for m in json.loads(game_json)["moves"]]
    assert times == sorted(times)


def test_game_options_read_user_text():
    opt = GameOption("level", "how hard", choices=("basic", "advanced"))
    assert opt.read("basic") == "basic"
    with pytest.raises(ValueError, match="one of basic, advanced"):
        opt.read("hard")
    assert GameOption("rounds", "rounds", kind="int").read("3") == 3
    with pytest.raises(ValueError, match="whole number"):
        GameOption("rounds", "rounds", kind="int").read("three")


@pytest.mark.slow
def test_simulate_is_the_same_on_a_dask_cluster():
    import distributed  # a test dependency: the executor a class uses when it outgrows one machine

    bots = [GreedyBot(), RandomBot(2)]
    serial = teachgames.simulate("sums", bots, games=4, seed=20)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        # The toy game is registered in this process only; workers import it by name.
        client.run(lambda: __import__("teachgames").register_game("sums", Sums))
        on_cluster = teachgames.simulate("sums", bots, games=4, seed=20, executor=client.get_executor())
    assert serial == on_cluster
