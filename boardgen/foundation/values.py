"""Value types: ``@frozen`` makes a class as ``@dataclass(frozen=True)`` does, its ``==``,
``hash`` and ``repr`` made when first used. It is boardgen's one way to make a value type.

A frozen dataclass compiles six methods when its class is defined (``__init__``,
``__setattr__``, ``__delattr__``, ``__eq__``, ``__hash__``, ``__repr__``), some 0.4 ms a
class; the forty records a process drawing one diagram defines (the descriptor model,
the scene, the rule engines' views) took 15 ms of it, yet that process compares or
hashes two of them and prints none. :func:`frozen` makes a class as
``@dataclass(frozen=True)`` does, except that the ``__eq__``, ``__hash__`` and
``__repr__`` dataclass would add are made the first time one of them is looked up, by
dataclass itself (from a twin class with the same fields), and set on the class: they
are the very methods ``@dataclass(frozen=True)`` makes, as fast, and from then on found
as any method. Methods the class writes itself are kept, as dataclass keeps them.
"""

from __future__ import annotations

__all__ = ["frozen"]

import dataclasses
import sys
from collections.abc import Callable
from typing import Any, TypeVar

_T = TypeVar("_T")

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # typing's marker for type checkers came in 3.11; at run time it only marks the class

    def dataclass_transform(**_: object) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Python 3.10: the marker does nothing at run time."""
        return lambda decorator: decorator


#: The methods made when first used, in the order dataclass makes them.
_DEFERRED = ("__repr__", "__eq__", "__hash__")


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: type[_T]) -> type[_T]:
    """``cls`` as ``@dataclass(frozen=True)`` makes it, its comparison, hash and repr made
    when first used (see the module's text)."""
    own = cls.__dict__
    deferred = [name for name in ("__repr__", "__eq__") if name not in own]
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if not explicit_hash:  # as dataclass: a frozen class that compares by value hashes by value
        deferred.append("__hash__")
    made: Any = dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls)
    params = made.__dataclass_params__  # says what the class is: dataclass(frozen=True)
    params.eq = params.repr = True
    for name in deferred:
        setattr(made, name, _Deferred(name))
    result: type[_T] = made
    return result


class _Deferred:
    """One of a record's ``__eq__``, ``__hash__``, ``__repr__`` before its first use: looked
    up (``a == b``, ``hash(a)``, ``repr(a)``, ``type(a).__eq__``), it has dataclass make the
    record's deferred methods, puts them on the class in its place, and gives the one asked for."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        cls = owner if owner is not None else type(instance)
        holder = next(k for k in cls.__mro__ if k.__dict__.get(self.name) is self)
        _make_methods(holder)
        method = holder.__dict__[self.name]
        return method if instance is None else method.__get__(instance, cls)


def _make_methods(cls: type) -> None:
    """Set on ``cls`` the methods dataclass makes for it in place of every :class:`_Deferred`.

    The twin has ``cls``'s fields (what each compares, hashes and prints) and none of its
    own methods, so dataclass writes the very ``__eq__``, ``__hash__`` and ``__repr__`` it
    writes for ``@dataclass(frozen=True)`` (a hash over the compared fields); they name no
    class, so they serve ``cls``."""
    fields = dataclasses.fields(cls)
    namespace: dict[str, Any] = {
        "__annotations__": {f.name: f.type for f in fields},
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__doc__": cls.__doc__,  # dataclass would work out a class without one from its signature
    }
    for f in fields:
        namespace[f.name] = dataclasses.field(repr=f.repr, hash=f.hash, compare=f.compare)
    twin: type = dataclasses.dataclass(init=False, unsafe_hash=True)(type(cls.__name__, (), namespace))
    for name in _DEFERRED:
        if isinstance(cls.__dict__.get(name), _Deferred):
            method = twin.__dict__[name]
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
