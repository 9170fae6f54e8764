"""Value types (boardgen.foundation.values, ``@frozen``): the class @dataclass(frozen=True)
makes, its ==, hash and repr made when first used."""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from typing import Any

import pytest

import boardgen.descriptor.model
import boardgen.foundation.fonts
import boardgen.model.positions
import boardgen.render.board
import boardgen.rules.base
import boardgen.rules.family
import boardgen.rules.spec
import boardgen.scene.shapes
from boardgen.foundation.values import frozen

Decorator = Callable[[type], type]


def _kinds(make: Decorator) -> dict[str, type]:
    """The same classes made by ``make``: the same names and qualified names whichever
    decorator makes them, so their reprs compare."""

    @make
    class Plain:
        x: int
        y: str = "a"
        z: tuple[int, ...] = ()

    @make
    class Flagged:
        shown: float
        hidden: list[int] = dataclasses.field(default_factory=list, compare=False, repr=False)
        unhashed: str = dataclasses.field(default="u", hash=False)
        silent: int = dataclasses.field(default=0, repr=False)

    @make
    class Hashed:  # its own hash, as a font's face (by name only)
        name: str
        file: str = dataclasses.field(default="", compare=False)

        def __hash__(self) -> int:
            return hash(self.name)

    @make
    class Compared:  # its own equality: dataclass then hashes by value all the same
        a: int
        b: int = 0

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Compared) and self.a == other.a

    @make
    class Counted:  # a field worked out after __init__, as a font set's hash
        items: tuple[int, ...]
        total: int = dataclasses.field(init=False, repr=False, compare=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "total", sum(self.items))

    @make
    class Nested:
        inner: Any
        also: Any = None

    @make
    class Empty:
        pass

    return {
        "Plain": Plain,
        "Flagged": Flagged,
        "Hashed": Hashed,
        "Compared": Compared,
        "Counted": Counted,
        "Nested": Nested,
        "Empty": Empty,
    }


def _samples(kinds: dict[str, type]) -> list[tuple[Any, Any, Any]]:
    """Triples (a, a value equal to it but another object, one that differs)."""
    k = kinds
    return [
        (k["Plain"](1), k["Plain"](1, "a", ()), k["Plain"](1, "b")),
        (k["Flagged"](0.5, [1]), k["Flagged"](0.5, [2]), k["Flagged"](0.5, [1], "v")),
        (k["Flagged"](0.5, [1], silent=3), k["Flagged"](0.5, [1], silent=3), k["Flagged"](0.5, silent=4)),
        (k["Hashed"]("f", "x.ttf"), k["Hashed"]("f", "y.ttf"), k["Hashed"]("g", "x.ttf")),
        (k["Compared"](1, 2), k["Compared"](1, 3), k["Compared"](2, 2)),
        (k["Counted"]((1, 2)), k["Counted"]((1, 2)), k["Counted"]((3,))),
        (k["Nested"](k["Plain"](1)), k["Nested"](k["Plain"](1)), k["Nested"](k["Plain"](2))),
        (k["Empty"](), k["Empty"](), k["Plain"](0)),
    ]


def _behaviour(kinds: dict[str, type]) -> list[Any]:
    """What each sample says of itself: repr, == and != both ways, hash (or the error)."""
    said: list[Any] = []
    for a, same, other in _samples(kinds):
        said += [repr(a), repr(same), repr(other), a == same, same == a, a == other, a != other]
        said += [a == object(), a.__eq__(object())]
        try:
            said += [hash(a) == hash(same), hash(a)]
        except TypeError as error:
            said.append(str(error))
    return said


def test_a_value_type_behaves_as_the_frozen_dataclass_of_the_same_fields() -> None:
    assert _behaviour(_kinds(frozen)) == _behaviour(_kinds(dataclasses.dataclass(frozen=True)))


def test_its_comparison_hash_and_repr_are_made_when_first_used() -> None:
    plain = _kinds(frozen)["Plain"]
    assert not isinstance(plain.__dict__["__eq__"], types.FunctionType)
    a = plain(1)
    assert a == plain(1)  # made now, all three, by dataclass
    for name in ("__eq__", "__hash__", "__repr__"):
        method = plain.__dict__[name]
        assert isinstance(method, types.FunctionType)
        assert method.__qualname__ == f"{plain.__qualname__}.{name}"
    assert hash(a) == hash((1, "a", ())) and repr(a).endswith("Plain(x=1, y='a', z=())")


def test_its_methods_are_the_ones_dataclass_writes() -> None:
    made = _kinds(frozen)
    eager = _kinds(dataclasses.dataclass(frozen=True))
    for name, cls in made.items():
        for method in ("__eq__", "__hash__", "__repr__"):
            mine, theirs = getattr(cls, method), getattr(eager[name], method)
            mine, theirs = getattr(mine, "__wrapped__", mine), getattr(theirs, "__wrapped__", theirs)
            assert mine.__code__.co_code == theirs.__code__.co_code, (name, method)
            assert mine.__code__.co_names == theirs.__code__.co_names, (name, method)


def test_a_value_type_is_a_frozen_dataclass() -> None:
    plain = _kinds(frozen)["Plain"]
    a = plain(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del a.y
    assert dataclasses.replace(a, y="b") == plain(1, "b")
    assert [f.name for f in dataclasses.fields(plain)] == ["x", "y", "z"]
    params = plain.__dataclass_params__  # type: ignore[attr-defined]
    assert (params.frozen, params.eq, params.repr, params.init) == (True, True, True, True)
    assert plain.__match_args__ == ("x", "y", "z")  # type: ignore[attr-defined]


def test_a_subclass_finds_the_methods_before_and_after_they_are_made() -> None:
    plain = _kinds(frozen)["Plain"]

    class Sub(plain):  # type: ignore[valid-type,misc]
        pass

    assert Sub(1) == Sub(1) and Sub(1) != Sub(2) and repr(Sub(1)).endswith("Sub(x=1, y='a', z=())")
    assert hash(plain(1)) == hash(Sub(1))


def test_a_value_type_that_holds_itself_prints_as_dataclass_does() -> None:
    nested = _kinds(frozen)["Nested"]
    loop: list[Any] = []
    a = nested(loop)
    loop.append(a)
    assert repr(a).endswith("Nested(inner=[...], also=None)")


def _twin(cls: type) -> type:
    """A class with ``cls``'s fields (what each compares, hashes, prints) made eagerly by
    ``@dataclass(frozen=True)``."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"__annotations__": {f.name: f.type for f in fields}}
    for f in fields:
        namespace[f.name] = dataclasses.field(repr=f.repr, hash=f.hash, compare=f.compare)
    eq = cls.__dataclass_params__.eq  # type: ignore[attr-defined]
    return dataclasses.dataclass(frozen=True, eq=eq, init=False)(type(cls.__name__, (), namespace))


@pytest.mark.parametrize(
    "module",
    [
        boardgen.descriptor.model,
        boardgen.foundation.fonts,
        boardgen.model.positions,
        boardgen.render.board,
        boardgen.rules.base,
        boardgen.rules.family,
        boardgen.rules.spec,
        boardgen.scene.shapes,
    ],
)
def test_the_value_types_of_the_model_and_the_scene_compare_and_print_as_dataclasses(module: Any) -> None:
    found = [
        cls
        for cls in vars(module).values()
        if isinstance(cls, type) and cls.__module__ == module.__name__ and dataclasses.is_dataclass(cls)
    ]
    assert found
    for cls in found:
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
        twin = _twin(cls)
        for method in ("__eq__", "__hash__", "__repr__"):
            own = cls.__dict__.get(method)
            if isinstance(own, types.FunctionType) and own.__code__.co_filename == module.__file__:
                continue  # written by the class (a face hashes by its name): kept, as dataclass keeps it
            mine, theirs = getattr(cls, method), twin.__dict__[method]
            mine, theirs = getattr(mine, "__wrapped__", mine), getattr(theirs, "__wrapped__", theirs)
            assert mine.__code__.co_code == theirs.__code__.co_code, (cls, method)
            assert mine.__code__.co_names == theirs.__code__.co_names, (cls, method)
