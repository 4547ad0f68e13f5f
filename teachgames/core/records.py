"""Frozen records: what ``@dataclass(frozen=True)`` gives, without the dataclasses module.

Why not dataclasses: importing it imports ``inspect`` (and ``ast``, ``dis``, ``re``,
``enum``, ``tokenize`` ...), and each decorated class compiles its methods with ``exec``.
On the way from ``import teachgames`` to a dealt game that cost more than a bare
interpreter's whole start. The records a game needs before its first move (cards, moves,
rules, options, refusals) derive from :class:`Record` instead; everything later (pictures,
explanations, lessons) may use dataclasses freely.

A record is declared like a dataclass, by annotated fields with optional defaults::

    class EndTurn(Record):
        player: int
        kind: ClassVar[str] = "end_turn"          # not a field

    class Rules(Record):
        size: int = 4
        table: dict[int, int] = field(default_factory=dict, compare=False)

and behaves like a frozen dataclass: positional or keyword construction with defaults,
``__post_init__``, equality and hashing by the compared fields (only between records of
the same class), a ``Name(field=value, ...)`` repr, no assignment after construction
(``dataclasses.FrozenInstanceError``), pickling and copying; ``dataclasses.fields``,
``asdict``, ``astuple``, ``replace`` and ``is_dataclass`` accept records (dataclasses is
imported only by code that uses them). Type checkers read a record as a frozen dataclass
(PEP 681).
Only what these classes use is here: no ordering, no ``kw_only``, no ``InitVar``.

:class:`SlotRecord` is the mutable counterpart for a game's position: a plain class with
``__slots__`` and its own constructor (set and read on every move), compared and shown
like a dataclass.

:class:`NamedTuple` is ``typing.NamedTuple`` for the same reason: a class declared with
it is a tuple with named fields, like a ``collections.namedtuple`` (memo keys and
indexes on the hot path of the capture search are tuples), made without importing
``typing`` or ``collections``.
"""

from __future__ import annotations

from operator import attrgetter, itemgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar
    from typing import NamedTuple as NamedTuple

    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_options):
        return lambda decorated: decorated

    class _NamedTupleMeta(type):
        """``class Index(NamedTuple): total: int`` makes a tuple with named fields."""

        def __new__(mcls, name, bases, namespace):
            if not namespace.get("_is_base"):
                return _named_tuple(name, namespace)
            return super().__new__(mcls, name, bases, namespace)

    class NamedTuple(metaclass=_NamedTupleMeta):
        _is_base = True


class _FieldSpec:
    """What ``field()`` declares; replaced on the class by the plain default, if any."""

    __slots__ = ("compare", "default", "factory", "repr")

    def __init__(self, default: Any, factory: Callable[[], Any] | None, compare: bool, repr: bool) -> None:
        self.default = default
        self.factory = factory
        self.compare = compare
        self.repr = repr


_NO_DEFAULT: Any = object()


def field(
    *,
    default: Any = _NO_DEFAULT,
    default_factory: Callable[[], Any] | None = None,
    compare: bool = True,
    repr: bool = True,
) -> Any:
    """A field with a default made fresh for each record (``default_factory``), or one
    left out of equality, hashing (``compare=False``) or the repr (``repr=False``)."""
    if default is not _NO_DEFAULT and default_factory is not None:
        raise ValueError("a field takes a default or a default_factory, not both")
    return _FieldSpec(default, default_factory, compare, repr)


def _is_class_var(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


class _DataclassView:
    """``__dataclass_fields__`` and ``__dataclass_params__`` of a record class, made on
    first reading: ``dataclasses.fields``, ``asdict``, ``astuple``, ``replace`` and
    ``is_dataclass`` then treat records as the frozen dataclasses they stand in for
    (the public contract says moves are frozen dataclasses), and only code that asks
    pays for importing dataclasses. The fields are those of a frozen dataclass declared
    with the record's own fields, defaults and flags."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type[Record]) -> Any:
        import dataclasses

        spec: dict[str, Any] = {"__annotations__": {}, "__module__": owner.__module__}
        for name in owner._fields:
            spec["__annotations__"][name] = owner._annotations.get(name, "Any")
            compare, shown = name in owner._compared, name in owner._shown
            if name in owner._factories:
                factory = owner._factories[name]
                spec[name] = dataclasses.field(default_factory=factory, compare=compare, repr=shown)
            elif name in owner._defaults:
                default = owner._defaults[name]
                spec[name] = dataclasses.field(default=default, compare=compare, repr=shown)
            else:
                spec[name] = dataclasses.field(compare=compare, repr=shown)
        twin: type = dataclasses.dataclass(frozen=True)(type(owner.__name__, (), spec))
        for attribute in ("__dataclass_fields__", "__dataclass_params__"):
            setattr(owner, attribute, getattr(twin, attribute))  # kept: made once per class
        return getattr(twin, self.name)


def _frozen(message: str) -> AttributeError:
    """The error a frozen dataclass raises (an AttributeError), so code that catches
    ``dataclasses.FrozenInstanceError`` catches ours too; dataclasses loads only here."""
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)


def _rebuild(cls: type[Record], values: tuple[Any, ...]) -> Record:
    """Unpickle a record: its fields set again, nothing else (caches start empty)."""
    record = cls.__new__(cls)
    for name, value in zip(cls._fields, values, strict=True):
        object.__setattr__(record, name, value)
    return record


class _Compared:
    """Equality by a C-level getter of the compared fields (only between objects of the
    same class) and a ``Name(field=value, ...)`` repr of the shown ones: what records and
    slot records share."""

    __slots__ = ()
    _key: ClassVar[attrgetter[Any]]
    _shown: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = self._key
        return bool(key(self) == key(other))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{type(self).__qualname__}({shown})"


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Record(_Compared):
    """Base class of frozen records (see the module's docstring)."""

    __slots__ = ()

    #: Every field in order (the order of positional arguments).
    _fields: ClassVar[tuple[str, ...]] = ()
    #: Defaults by field name, and the fields whose default is made per record.
    _defaults: ClassVar[dict[str, Any]] = {}
    _factories: ClassVar[dict[str, Callable[[], Any]]] = {}
    #: The fields of equality and hashing (``_key`` gets them; ``_shown`` are the repr's).
    _compared: ClassVar[tuple[str, ...]] = ()
    #: Each field's annotation, as written.
    _annotations: ClassVar[dict[str, Any]] = {}
    #: Whether the class checks its values after construction (``__post_init__``).
    _checked: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields, defaults, factories = list(cls._fields), dict(cls._defaults), dict(cls._factories)
        annotations = dict(cls._annotations)
        hidden = [name for name in cls._fields if name not in cls._compared]
        unshown = [name for name in cls._fields if name not in cls._shown]
        # the class's own annotations (strings: the modules use postponed evaluation); not
        # inspect.get_annotations, since importing inspect is what records avoid
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():  # noqa: RUF063
            if _is_class_var(annotation):
                continue
            if name not in fields:
                fields.append(name)
            annotations[name] = annotation
            declared = cls.__dict__.get(name, _NO_DEFAULT)
            if isinstance(declared, _FieldSpec):
                if not declared.compare:
                    hidden.append(name)
                if not declared.repr:
                    unshown.append(name)
                if declared.factory is not None:
                    factories[name] = declared.factory
                    delattr(cls, name)  # the record's own value, never a class attribute
                    continue
                declared = declared.default
                if declared is _NO_DEFAULT:
                    delattr(cls, name)
                else:
                    setattr(cls, name, declared)
            if declared is not _NO_DEFAULT:
                defaults[name] = declared
        required_after_default = [
            name for i, name in enumerate(fields)
            if name not in defaults and name not in factories
            and any(f in defaults or f in factories for f in fields[:i])
        ]  # fmt: skip
        if required_after_default:
            raise TypeError(f"{cls.__name__}: field {required_after_default[0]!r} without a default "
                            "follows a field with one")  # fmt: skip
        cls._fields = tuple(fields)
        cls._annotations = annotations
        cls._defaults = defaults
        cls._factories = factories
        cls._compared = tuple(name for name in fields if name not in hidden)
        cls._shown = tuple(name for name in fields if name not in unshown)
        # a C-level getter: equality and hashing of moves and cards stay cheap
        # (no compared field: every record of the class is equal to every other)
        cls._key = attrgetter(*cls._compared) if cls._compared else attrgetter("__class__")
        cls._checked = hasattr(cls, "__post_init__")
        # each class its own: the dataclasses module's view of this class, made when asked
        for attribute in ("__dataclass_fields__", "__dataclass_params__"):
            setattr(cls, attribute, _DataclassView(attribute))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        names = cls._fields
        if len(args) > len(names):
            raise TypeError(f"{cls.__name__}() takes {len(names)} arguments but {len(args)} were given")
        put = object.__setattr__
        for name, value in zip(names, args):  # noqa: B905  # checked above: no more args than names
            if name in kwargs:
                raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}")
            put(self, name, value)
        for name in names[len(args) :]:
            if name in kwargs:
                value = kwargs.pop(name)
            elif name in cls._defaults:
                value = cls._defaults[name]
            elif name in cls._factories:
                value = cls._factories[name]()
            else:
                raise TypeError(f"{cls.__name__}() missing required argument {name!r}")
            put(self, name, value)
        if kwargs:
            unknown = next(iter(kwargs))
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {unknown!r}")
        if cls._checked:
            getattr(self, "__post_init__")()  # noqa: B009  # declared by subclasses only

    # ------------------------------------------------------------ frozen
    def __setattr__(self, name: str, value: Any) -> None:
        raise _frozen(f"cannot assign to field {name!r}: a {type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise _frozen(f"cannot delete field {name!r}: a {type(self).__name__} is frozen")

    # ------------------------------------------------------------ comparison
    def __hash__(self) -> int:
        return hash(self._key(self))

    # ------------------------------------------------------------ copies
    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), tuple(getattr(self, name) for name in self._fields))

    def replace(self, **changes: Any) -> Any:
        """A new record with ``changes`` (checked by ``__post_init__`` like any other)."""
        values = self.field_values()
        for name in changes:
            if name not in values:
                raise TypeError(f"{type(self).__name__} has no field {name!r}")
        values.update(changes)
        return type(self)(**values)

    def field_values(self) -> dict[str, Any]:
        """Every field and its value, in order (the values themselves, not copies)."""
        return {name: getattr(self, name) for name in self._fields}

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The fields, in order."""
        return cls._fields


class SlotRecord(_Compared):
    """A mutable record: a plain class with ``__slots__`` and its own ``__init__`` (a game's
    position, set and read on every move), compared and shown by the fields it names in
    ``_fields``, in its constructor's order. What a (not frozen) dataclass gives: equal
    when every named field is, only to an object of the same class; a
    ``Name(field=value, ...)`` repr; no hash, as the values change. A slot left out of
    ``_fields`` (a memo of answers) is neither compared nor shown. Copies and pickles
    work as for any class with slots.
    """

    __slots__ = ()
    #: The compared and shown fields, in the order of the class's constructor.
    _fields: ClassVar[tuple[str, ...]] = ()
    __hash__ = None  # type: ignore[assignment]  # mutable: equal records may change apart

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._key = attrgetter(*cls._fields) if cls._fields else attrgetter("__class__")
        cls._shown = cls._fields


def _named_tuple(name: str, namespace: dict[str, Any]) -> type:
    """A tuple class with a property per field, its defaults, ``_fields``, ``_replace``,
    ``_asdict`` and a ``Name(field=value, ...)`` repr: what these classes use of a
    ``collections.namedtuple``."""
    fields = tuple(f for f, a in namespace.get("__annotations__", {}).items() if not _is_class_var(a))
    defaults = {f: namespace[f] for f in fields if f in namespace}

    def __new__(cls: type, *args: Any, **kwargs: Any) -> Any:
        if len(args) > len(fields):
            raise TypeError(f"{name}() takes {len(fields)} arguments but {len(args)} were given")
        values = list(args)
        for f in fields[len(args) :]:
            if f in kwargs:
                values.append(kwargs.pop(f))
            elif f in defaults:
                values.append(defaults[f])
            else:
                raise TypeError(f"{name}() missing required argument {f!r}")
        if kwargs:
            raise TypeError(f"{name}() got an unexpected keyword argument {next(iter(kwargs))!r}")
        return tuple.__new__(cls, values)

    def __repr__(self: tuple[Any, ...]) -> str:
        return f"{name}(" + ", ".join(f"{f}={v!r}" for f, v in zip(fields, self, strict=True)) + ")"

    def __getnewargs__(self: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(self)

    def _asdict(self: tuple[Any, ...]) -> dict[str, Any]:
        return dict(zip(fields, self, strict=True))

    def _replace(self: Any, **changes: Any) -> Any:
        return type(self)(**{**self._asdict(), **changes})

    members: dict[str, Any] = {
        f: property(itemgetter(i), doc=f"Field {i}: {f}") for i, f in enumerate(fields)
    }
    members.update(__new__=__new__, __repr__=__repr__, __getnewargs__=__getnewargs__,
                   _asdict=_asdict, _replace=_replace, _fields=fields, __slots__=())  # fmt: skip
    for key, value in namespace.items():
        if key not in fields and key != "__annotations__":
            members[key] = value
    return type(name, (tuple,), members)
