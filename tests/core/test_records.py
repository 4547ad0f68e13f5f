"""Records behave as the frozen dataclasses they replace on the start-up path."""

from __future__ import annotations

import copy
import pickle
from typing import ClassVar

import pytest

from teachgames.core.records import Record, SlotRecord, field


class Point(Record):
    x: int
    y: int = 0
    label: str = field(default="", compare=False)
    tags: list[str] = field(default_factory=list, compare=False, repr=False)
    kind: ClassVar[str] = "point"


class Positive(Record):
    n: int

    def __post_init__(self) -> None:
        if self.n <= 0:
            raise ValueError(f"n must be positive, not {self.n}")


class Slotted(Record):
    __slots__ = ("a", "b")
    a: int
    b: str


def test_fields_in_order_without_class_variables() -> None:
    assert Point.field_names() == ("x", "y", "label", "tags")
    assert Point.kind == "point"


def test_positional_keyword_and_default_arguments() -> None:
    p = Point(1, label="A")
    assert (p.x, p.y, p.label, p.tags) == (1, 0, "A", [])
    assert Point(x=2, y=3).y == 3


def test_a_default_factory_makes_a_new_value_for_each_record() -> None:
    a, b = Point(1), Point(1)
    assert a.tags == b.tags == [] and a.tags is not b.tags


def test_bad_arguments_are_refused_like_a_dataclass() -> None:
    with pytest.raises(TypeError, match="missing required argument 'x'"):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        Point(1, z=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for argument 'x'"):
        Point(1, x=2)  # type: ignore[misc]
    with pytest.raises(TypeError, match="takes 4 arguments but 5"):
        Point(1, 2, "a", [], 5)  # type: ignore[call-arg]


def test_equality_and_hash_use_the_compared_fields_of_the_same_class() -> None:
    assert Point(1, 2, "A") == Point(1, 2, "B")  # the label is not compared
    assert Point(1, 2) != Point(1, 3)
    assert hash(Point(1, 2, "A")) == hash(Point(1, 2, "B"))
    assert Slotted(1, "b") != Point(1)
    assert Point(1) != (1, 0)
    assert {Slotted(1, "b"), Slotted(1, "b")} == {Slotted(1, "b")}


def test_the_repr_shows_the_shown_fields() -> None:
    assert repr(Point(1, 2, "A", ["t"])) == "Point(x=1, y=2, label='A')"
    assert repr(Slotted(1, "b")) == "Slotted(a=1, b='b')"


def test_a_record_is_frozen() -> None:
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError, match="frozen"):
        Point(1).x = 2  # type: ignore[misc]
    p = Point(1)
    with pytest.raises(AttributeError, match="frozen"):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError, match="frozen"):
        del p.y
    s = Slotted(1, "b")
    with pytest.raises(AttributeError, match="frozen"):
        s.a = 2  # type: ignore[misc]
    assert (p.x, s.a) == (1, 1)


def test_post_init_checks_every_construction_and_replacement() -> None:
    assert Positive(3).n == 3
    with pytest.raises(ValueError, match="positive"):
        Positive(0)
    with pytest.raises(ValueError, match="positive"):
        Positive(3).replace(n=-1)


def test_replace_makes_a_new_record_and_names_unknown_fields() -> None:
    p = Point(1, 2, "A")
    q = p.replace(y=5)
    assert (q.x, q.y, q.label, p.y) == (1, 5, "A", 2)
    with pytest.raises(TypeError, match="no field 'z'"):
        p.replace(z=1)
    assert p.field_values() == {"x": 1, "y": 2, "label": "A", "tags": []}


@pytest.mark.parametrize("record", [Point(1, 2, "A", ["t"]), Slotted(1, "b"), Positive(4)])
def test_pickles_and_copies_are_equal_records(record: Record) -> None:
    for again in (pickle.loads(pickle.dumps(record)), copy.deepcopy(record), copy.copy(record)):
        assert again == record and type(again) is type(record)
        assert again.field_values() == record.field_values()


def test_a_required_field_after_a_default_is_refused() -> None:
    with pytest.raises(TypeError, match="'b' without a default"):

        class Bad(Record):
            a: int = 0
            b: int  # type: ignore[misc]


def test_a_subclass_keeps_its_parents_fields_first() -> None:
    class Labelled(Point):
        colour: str = "red"

    r = Labelled(1, 2, colour="blue")
    assert Labelled.field_names() == ("x", "y", "label", "tags", "colour")
    assert (r.x, r.y, r.colour) == (1, 2, "blue")
    assert r != Point(1, 2)  # another class


def test_the_dataclasses_module_sees_a_record_as_a_frozen_dataclass() -> None:
    import dataclasses

    p = Point(1, 2, "A", ["t"])
    assert dataclasses.is_dataclass(p) and dataclasses.is_dataclass(Point)
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "y", "label", "tags"]
    label = dataclasses.fields(p)[2]
    assert (label.default, label.compare) == ("", False)
    assert dataclasses.asdict(p) == {"x": 1, "y": 2, "label": "A", "tags": ["t"]}
    assert dataclasses.astuple(Slotted(1, "b")) == (1, "b")
    q = dataclasses.replace(p, y=7)
    assert type(q) is Point and (q.x, q.y, q.label) == (1, 7, "A")
    assert Point.__dataclass_params__.frozen  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="positive"):
        dataclasses.replace(Positive(2), n=0)


class Tally(SlotRecord):
    """A mutable record with a memo slot that is neither compared nor shown."""

    _fields = ("name", "marks")
    __slots__ = (*_fields, "memo")

    def __init__(self, name: str, marks: list[int]) -> None:
        self.name = name
        self.marks = marks
        self.memo: dict[str, int] = {}


def test_a_slot_record_compares_and_shows_its_fields_and_changes() -> None:
    a, b = Tally("Ann", [1, 2]), Tally("Ann", [1, 2])
    b.memo["seen"] = 1  # a memo changes nothing a pupil sees
    assert a == b and repr(a) == "Tally(name='Ann', marks=[1, 2])"
    b.marks = [1, 2, 3]
    assert a != b
    assert a.__eq__(Point(1, 2)) is NotImplemented  # only a Tally equals a Tally
    with pytest.raises(TypeError):
        hash(a)  # its values change: no dict key
    twin = copy.deepcopy(a)
    assert twin == a and twin.marks is not a.marks
    assert pickle.loads(pickle.dumps(a)) == a
