"""``teachgames class``: serve a class, take its results out, delete it.

teachgames class serve --class 7B --lesson delissimo-8plus --lan    # prints code + dashboard link
teachgames class serve --hub                                        # as a JupyterHub service
teachgames class results --session 3 -o 7B.csv
teachgames class delete --class 2
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import timedelta
from pathlib import Path

from ..core.answers import LANGUAGES
from ..core.errors import GameFileError, UsageError
from .keys import KEY_FILE, KEY_VARIABLE, LINK_FILE, private_folder, teacher_key, write_private

DEFAULT_PORT = 8765


def _words(key: str, language: str, **values: object) -> str:
    from ..core.i18n import tr

    return tr(f"classroom.{key}", language, **values)


def add_cli(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cls = commands.add_parser(
        "class", help="the class server: see every pupil's answers live, pace the class"
    )
    sub = cls.add_subparsers(dest="class_command", metavar="ACTION", required=True)

    def db(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--db",
            default=os.environ.get("TEACHGAMES_CLASS_DB"),
            help="the class database: a file (default: ./classroom.db) or postgresql://user@host/db",
        )
        p.add_argument("--language", default="en", choices=LANGUAGES)

    serve = sub.add_parser("serve", help="run the class server")
    db(serve)
    serve.add_argument(
        "--host",
        default=None,
        help="address to listen on (default: this computer only; with --hub: the service URL's host)",
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve.add_argument(
        "--lan", action="store_true", help="listen on every network of this computer (a classroom)"
    )
    serve.add_argument(
        "--hub", action="store_true", help="run as a JupyterHub service (from the Hub's environment)"
    )
    serve.add_argument("--teachers", default="teachers", help="the Hub group of teachers (default: teachers)")
    serve.add_argument(
        "--class-groups",
        default="class-",
        metavar="PREFIX",
        help="the Hub group of a class's pupils: PREFIX + the class's name, e.g. class-7b (default: class-)",
    )
    serve.add_argument(
        "--class", dest="klass", default=None, help="open a session for this class (made if new)"
    )
    serve.add_argument(
        "--lesson",
        default=None,
        help="the lesson of that session: one of ours (delissimo-8plus) or a lesson file (week-3.json)",
    )
    serve.add_argument("--tasks", default="", help="the lesson's task ids in screen order, comma-separated")
    serve.add_argument("--hours", type=float, default=3.0, help="how long the class code works (default: 3)")
    serve.add_argument(
        "--allow-origin", action="append", default=[], help="a web origin allowed to call (JupyterLite)"
    )
    serve.add_argument(
        "--new-session",
        action="store_true",
        help="open a new session even when the class has one open for this lesson (default: resume it)",
    )
    serve.add_argument(
        "--session",
        type=int,
        default=None,
        help="resume this session (see `teachgames class sessions`), open again if it ended",
    )
    serve.add_argument(
        "--joins-per-address",
        type=int,
        default=10,
        help="pupils that may join from one address in a minute (default: 10; more behind a school's NAT)",
    )
    serve.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        help="the address of a proxy whose X-Forwarded-For names the pupil (default: none)",
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes serving the class on one port (default: 1; more needs a PostgreSQL --db)",
    )
    serve.set_defaults(func=cmd_serve)

    results = sub.add_parser("results", help="write a session's answers as CSV")
    db(results)
    results.add_argument("--session", type=int, required=True)
    results.add_argument("-o", "--output", default="-", help="file to write (default: print)")
    results.add_argument(
        "--practice", action="store_true",
        help="the practice mastery instead: one row per pupil and skill (known, misconception held)",
    )  # fmt: skip
    results.set_defaults(func=cmd_results)

    listing = sub.add_parser("list", help="list classes and their sessions")
    db(listing)
    listing.set_defaults(func=cmd_list)

    sessions = sub.add_parser("sessions", help="a class's past and open sessions, to pick one to resume")
    db(sessions)
    sessions.add_argument(
        "--class", dest="klass", default=None, help="the class's name (default: every class)"
    )
    sessions.set_defaults(func=cmd_sessions)

    rotate = sub.add_parser(
        "rotate-key", help="make a new teacher's key: the old one stops working (a running server too)"
    )
    db(rotate)
    rotate.set_defaults(func=cmd_rotate_key)

    give = sub.add_parser(
        "give", help="give a class to a JupyterHub teacher (only they see it), or back to the teacher's key"
    )
    db(give)
    give.add_argument("--class", dest="klass", type=int, required=True, help="the class number (see list)")
    owner = give.add_mutually_exclusive_group(required=True)
    owner.add_argument("--teacher", default=None, help="the Hub user name of the class's teacher")
    owner.add_argument("--key", action="store_true", help="the teacher's key's class again (the LAN's)")
    give.set_defaults(func=cmd_give)

    remove = sub.add_parser("delete", help="delete a class with all its sessions, pupils and answers")
    db(remove)
    remove.add_argument("--class", dest="klass", type=int, required=True, help="the class number (see list)")
    remove.set_defaults(func=cmd_delete)


def _url(args: argparse.Namespace) -> str:
    from .store import database_url, default_url

    url = database_url(args.db or default_url())
    if not url.startswith(("sqlite:", "postgresql:", "postgresql+")):
        raise UsageError(f"--db {url!r}: give sqlite:///FILE or postgresql://USER@HOST/DB")
    return url


def _store(args: argparse.Namespace) -> object:
    from sqlalchemy.exc import SQLAlchemyError

    from .store import Store

    try:
        return Store(_url(args))
    except SQLAlchemyError as exc:
        raise UsageError(
            f"cannot open the database {args.db or 'classroom.db'}: {exc.__class__.__name__}"
        ) from None


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from .hub import HubIdentity
    from .server import Settings, create_app
    from .store import SessionInfo, Store, StoreError, now
    from .throttle import Limit

    url = _url(args)
    lang = args.language
    _check_workers(args.workers, url)
    host, port, prefix, hub = ("0.0.0.0" if args.lan else args.host or "127.0.0.1"), args.port, "/", None
    if args.hub:
        from urllib.parse import urlsplit

        hub = HubIdentity.from_environment(args.teachers, args.class_groups)
        if hub is None:
            raise UsageError(_words("error.no_hub", lang))
        where = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", f"http://127.0.0.1:{port}"))
        # --host wins: in Kubernetes the service URL names the hub's Service (http://hub:10101),
        # an address of no interface in the pod, where the server listens on 0.0.0.0
        host, port = args.host or where.hostname or "127.0.0.1", where.port or port
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    store = _store(args)
    assert isinstance(store, Store)
    settings = Settings(
        url=url,
        teacher_key=teacher_key(url),
        key_file=None if os.environ.get(KEY_VARIABLE) else private_folder(url) / KEY_FILE,
        hub=hub,
        allowed_origins=tuple(args.allow_origin),
        prefix=prefix,
        trusted_proxies=tuple(args.trust_proxy),
        joins_per_client=Limit(max(1, args.joins_per_address)),
        workers=args.workers,
    )
    info: SessionInfo | None = None
    if args.session is not None:
        info = store.session(args.session)
        if info is None:
            raise UsageError(_words("error.no_session", lang))
        if not info.open():  # the teacher chose an ended session: it goes on, same code
            info = store.update_session(info.id, expires=now() + timedelta(hours=args.hours))
        print(
            _words("serve.resumed_session", lang, klass=info.class_name, lesson=info.lesson, session=info.id)
        )
    elif args.klass:
        if not args.lesson:
            raise UsageError("--class needs --lesson (which lesson the class is doing)")
        from .judge import resolve_tasks, session_lesson

        try:
            lesson, source = session_lesson(args.lesson)
            tasks = resolve_tasks(lesson, [t.strip() for t in args.tasks.split(",") if t.strip()], source)
        except GameFileError as exc:  # a lesson file that cannot be read, in the teacher's words
            raise UsageError(f"--lesson: {exc.words(lang)}") from None
        except (ValueError, LookupError) as exc:
            raise UsageError(f"--lesson/--tasks: {exc.args[0] if exc.args else exc}") from None
        try:
            class_id = store.class_named(args.klass)
        except StoreError:
            raise UsageError(_words("error.name", lang)) from None
        info = None if args.new_session else store.resumable(class_id, lesson, source)
        if info is not None:
            print(_words("serve.resumed", lang, klass=info.class_name))
        else:
            info = store.new_session(class_id, lesson, tasks, args.hours, source)
    if info is not None:  # the class code on the projector, the class's name as kept
        print(
            _words(
                "serve.code",
                lang,
                klass=info.class_name,
                lesson=info.lesson,
                code=info.code,
                until=info.expires.astimezone().strftime("%H:%M"),
            )
        )
    shown = _lan_address() if host == "0.0.0.0" else host
    base = f"http://{shown}:{port}{prefix.rstrip('/')}"
    print(_words("serve.ready", lang, url=base + "/"))
    # The key never goes on the screen, which a projector often mirrors, nor in a log:
    # the link that carries it is kept in a private file for the teacher to open.
    link_file = private_folder(url) / LINK_FILE
    settings.link_file, settings.link_base = link_file, f"{base}/dashboard?lang={lang}"
    write_private(link_file, f"{settings.link_base}#key={settings.teacher_key}\n")
    print(_words("serve.dashboard_file", lang, path=str(link_file)))
    print(_words("serve.stop", lang))
    sys.stdout.flush()
    if args.workers > 1:
        from .workers import serve as serve_workers

        store.close()  # each worker opens its own connections after the fork
        return serve_workers(lambda: create_app(settings, Store(url, create=False)), host, port, args.workers)
    app = create_app(settings, store)
    # X-Forwarded-For only from the proxies named (uvicorn would trust loopback's, where
    # the Hub's pupils' kernels call from): the class server reads it itself
    uvicorn.run(
        app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1, proxy_headers=False
    )
    return 0


def _check_workers(workers: int, url: str) -> None:
    """Several workers share what pupils see through PostgreSQL; refuse what cannot work."""
    if workers < 1 or workers > 64:
        raise UsageError(f"--workers {workers}: give a number of processes from 1 to 64")
    if workers > 1 and url.startswith("sqlite"):
        raise UsageError(
            f"--workers {workers} needs a PostgreSQL database (--db postgresql://USER@HOST/DB): "
            "SQLite is one process's database, and a pupil waiting on one worker would not hear "
            "the teacher's hold given to another. With SQLite run one worker (leave out --workers)."
        )
    if workers > 1 and not hasattr(os, "fork"):
        raise UsageError(f"--workers {workers} needs Linux or macOS (fork); on this system run one worker")


def _lan_address() -> str:
    """This computer's address on the school network, the one a pupil's laptop reaches
    (not the 127.0.1.1 a Debian host name gives): the pupil-mode command's lookup."""
    from ..core.network import lan_address

    return lan_address() or "127.0.0.1"


def cmd_results(args: argparse.Namespace) -> int:
    from .results import answers_csv
    from .store import Store

    store = _store(args)
    assert isinstance(store, Store)
    info = store.session(args.session)
    if info is None:
        raise UsageError(_words("error.no_session", args.language))
    if args.practice:
        from .practice_results import practice_rows
        from .results import rows_csv

        text = rows_csv(practice_rows(store, info, args.language or "en"))
    else:
        text = answers_csv(store.answers(args.session))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from .store import Store

    store = _store(args)
    assert isinstance(store, Store)
    for klass in store.every_class():  # a Hub teacher's class says whose it is
        print(f"{klass.id}\t{klass.name}" + (f"\t{klass.owner}" if klass.owner is not None else ""))
        for s in store.sessions(klass.id):
            print(f"\t{s.id}\t{s.lesson}\t{s.code}\t{s.expires:%Y-%m-%d %H:%M}\t{store.count_answers(s.id)}")
    return 0


def cmd_sessions(args: argparse.Namespace) -> int:
    """One line a session, newest first: its number (for ``serve --session``), class,
    lesson, when it started, open or ended, and how many pupils and answers it holds."""
    from .store import Store

    store = _store(args)
    assert isinstance(store, Store)
    classes = dict(store.classes())
    wanted = [i for i, name in classes.items() if args.klass is None or name == args.klass]
    if args.klass is not None and not wanted:
        raise UsageError(_words("error.no_class", args.language))
    rows = [s for class_id in wanted for s in store.sessions(class_id)]
    counts = store.session_counts([s.id for s in rows])
    for s in sorted(rows, key=lambda r: r.id, reverse=True):
        pupils, answers = counts.get(s.id, (0, 0))
        started = s.started.astimezone().strftime("%Y-%m-%d %H:%M") if s.started else "?"
        state = _words("board.session_open" if s.open() else "board.session_ended", args.language)
        print(
            _words(
                "serve.session_line",
                args.language,
                session=s.id,
                klass=s.class_name,
                lesson=s.lesson,
                started=started,
                state=state,
                pupils=pupils,
                answers=answers,
                code=s.code,
            )
        )
    return 0


def cmd_rotate_key(args: argparse.Namespace) -> int:
    """A new teacher's key in the private key file (and dashboard link): the old key
    stops working, in a running server too. The key itself is not printed."""
    from .keys import rotate

    url = _url(args)
    try:
        rotate(url)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print(_words("serve.rotated", args.language, path=str(private_folder(url) / LINK_FILE)))
    return 0


def cmd_give(args: argparse.Namespace) -> int:
    """The class becomes the Hub teacher's (``--teacher``) or the key's (``--key``)."""
    from .store import Store

    store = _store(args)
    assert isinstance(store, Store)
    teacher = None if args.key else args.teacher.strip()
    if teacher == "":
        raise UsageError("--teacher: the teacher's JupyterHub user name")
    if not store.give_class(args.klass, teacher):
        raise UsageError(_words("error.no_class", args.language))
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    from .store import Store

    store = _store(args)
    assert isinstance(store, Store)
    if not store.delete_class(args.klass):
        raise UsageError(_words("error.no_class", args.language))
    return 0
