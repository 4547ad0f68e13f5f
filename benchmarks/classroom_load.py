"""35 pupils answering at once against the class server, on SQLite and PostgreSQL.

Prints, per database:

- burst: every pupil posts 20 answers one request each, all pupils together (a class
  committing answers at the same moment): answers/s, p50 / p99 latency of one answer,
  retries, and whether exactly 700 distinct answers were stored;
- fault: the pupils' real links (outbox and retries) answering at a pupil's pace, the
  server killed (SIGKILL) once 40 % are acknowledged and started again 1 s later: how
  many acknowledged answers were lost (must be 0), how many missing or doubled at the end;
- hostile: the same burst while 5 mischievous pupils flood made-up answers (100 a
  request), hold a score of long polls open on one token, and send malformed bodies,
  out-of-range ids and wrong codes: the honest pupils' p99, their answers lost (must be
  0), and how many hostile requests got a 5xx (must be 0).

    python benchmarks/classroom_load.py [--pupils 35] [--answers 20] [--only sqlite|postgresql]

With ``--school``, a school instead: ``--classes`` classes of ``--class-size`` pupils on
PostgreSQL, served by 1, 2 and 4 worker processes in turn (``--workers 1,2,4``), every
pupil answering at a pupil's pace (one answer every ``--pace`` to twice that seconds,
with a pacing long poll open) and every class's board long-polled for ``--seconds``;
half-way through one worker is killed with SIGKILL (the server starts another).
Prints answers/s, p50 and p99 answer-to-board time (a pupil's first send to the board
showing that try), and how many acknowledged answers were lost (must be 0):

    python benchmarks/classroom_load.py --school [--classes 30] [--class-size 35] [--workers 1,2,4]

Needs the `classroom` extra; PostgreSQL from Debian's package (a throw-away server is
started on a loopback port). Traffic goes only to 127.0.0.1. Figures vary with the
machine's load; the tests check counts, never times.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from tests.classroom.burst import direct_burst, fault_burst, hostile_burst
from tests.classroom.live import LiveServer
from tests.classroom.pg import new_database, postgres_server
from tests.classroom.school import school_run


@contextlib.contextmanager
def database(kind: str, folder: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'classroom.db'}"
        return
    with postgres_server() as server:
        yield new_database(server)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=35)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--only", choices=("sqlite", "postgresql"), default=None)
    parser.add_argument("--school", action="store_true", help="the school run (PostgreSQL, several workers)")
    parser.add_argument("--classes", type=int, default=30)
    parser.add_argument("--class-size", type=int, default=35)
    parser.add_argument("--workers", default="1,2,4", help="worker counts to run, comma-separated")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the pupils answer")
    parser.add_argument("--pace", type=float, default=10.0, help="a pupil answers every PACE to 2*PACE s")
    parser.add_argument("--no-kill", action="store_true", help="kill no worker half-way")
    args = parser.parse_args()
    if args.school:
        return school(args)
    kinds = [args.only] if args.only else ["sqlite", "postgresql"]
    total = args.pupils * args.answers
    print(f"{args.pupils} pupils x {args.answers} answers = {total} answers per run")
    for kind in kinds:
        with tempfile.TemporaryDirectory() as tmp, database(kind, Path(tmp)) as url:
            server = LiveServer(url, log=Path(tmp) / "server.log").start()
            try:
                b = direct_burst(server, args.pupils, args.answers)
                print(
                    f"{kind:10s} burst: {b.sent / b.seconds:7.0f} answers/s  p50 {b.percentile(50):6.1f} ms  "
                    f"p99 {b.percentile(99):6.1f} ms  retries {b.retries}  "
                    f"stored {b.stored} distinct {b.distinct} of {b.sent}"
                )
                f = fault_burst(server, args.pupils, args.answers, kill_at=0.4, down=1.0)
                print(
                    f"{kind:10s} fault: killed after {f.acknowledged_before_kill} acknowledged; "
                    f"lost of those {f.lost_acknowledged}; at the end stored {f.stored} "
                    f"distinct {f.distinct} missing {f.missing} of {f.sent}; "
                    f"all in after {f.seconds:.1f} s (1 s down)"
                )
                h, seen = hostile_burst(server, args.pupils, args.answers)
                print(
                    f"{kind:10s} hostile: honest p50 {h.percentile(50):6.1f} ms  "
                    f"p99 {h.percentile(99):6.1f} ms  honest answers lost {h.sent - h.distinct} of {h.sent}; "
                    f"hostile requests {seen.requests}, refused {seen.refused}, 5xx {seen.server_errors}"
                )
            finally:
                server.stop()
    return 0


def school(args: argparse.Namespace) -> int:
    import asyncio

    counts = [int(n) for n in args.workers.split(",") if n.strip()]
    print(
        f"school: {args.classes} classes x {args.class_size} pupils = {args.classes * args.class_size} "
        f"pupils, an answer every {args.pace:g}-{2 * args.pace:g} s each, for {args.seconds:g} s"
    )
    with tempfile.TemporaryDirectory() as tmp, postgres_server() as pg:
        for workers in counts:
            url = new_database(pg)
            extra = ("--workers", str(workers), "--joins-per-address", "1000000")
            server = LiveServer(url, extra=extra, log=Path(tmp) / f"server-{workers}.log").start()
            try:
                f = asyncio.run(
                    school_run(
                        server,
                        args.classes,
                        args.class_size,
                        workers,
                        seconds=args.seconds,
                        pace=args.pace,
                        kill=not args.no_kill,
                        say=print,
                    )
                )
            finally:
                server.stop()
            print(
                f"{workers} worker(s): {f.acknowledged / f.seconds:6.1f} answers/s  "
                f"answer-to-board p50 {f.percentile(50):7.0f} ms  p99 {f.percentile(99):7.0f} ms  "
                f"(not on a board {f.not_on_board})  retries {f.retries}  "
                f"acknowledged {f.acknowledged} stored {f.stored} lost {f.lost_acknowledged} "
                f"missing {f.missing} of {f.sent}" + ("  (a worker killed)" if f.killed else ""),
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
