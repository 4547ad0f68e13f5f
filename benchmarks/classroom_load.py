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
    args = parser.parse_args()
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


if __name__ == "__main__":
    raise SystemExit(main())
