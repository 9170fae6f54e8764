"""The shipped descriptors compiled: read, checked and stored once, so a process that
draws one diagram of a shipped game reads neither YAML nor runs the checks.

``builtin.pickle`` (beside this module, in the wheel too; never committed) holds every shipped game as
its checked :class:`~boardgen.descriptor.model.Variant`, each with the SHA-256 of the
YAML it came from, and a fingerprint of the code that reads descriptors. Each game is
pickled on its own inside the file, so a process unpickles only the games it opens
(all thirty-odd took 3 ms, the one a diagram needs takes 0.05 ms). An entry is
used only when both still match, so a stale file is never wrong, only slower: the
game is read from its YAML as any other. Nothing committed holds it: ``make`` writes
it (:func:`boardgen.outputs.validate.compile_builtin`, the layer that can check them)
whenever a shipped game or the code is newer, before it builds, tests or packs a wheel;
a checkout or a wheel without it reads the YAML. Only games that pass
:func:`boardgen.outputs.validate.ensure_printable` are stored, so a game read from here
needs no checks (:func:`is_verified`).
"""

from __future__ import annotations

__all__ = ["CACHE_FILE", "cached_variant", "fingerprint", "is_verified", "stored_form", "write"]

import functools
import os
import weakref
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The C pickler and the built-in SHA-256 themselves: the modules around them (pickle.py's
# pure-Python twin of the pickler, hashlib's OpenSSL) took 4 ms of every process's start.
try:
    from _pickle import UnpicklingError, dumps, loads
except ImportError:  # pragma: no cover - a Python without the C pickler
    from pickle import UnpicklingError, dumps, loads
if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:
        from _sha256 import sha256
    except ImportError:  # Python 3.12 names it _sha2; a build may leave it out
        from hashlib import sha256

# The code's fingerprint digests some 180 kB of source in every process that reads a
# shipped game: BLAKE2b, from its C module (as hashlib would import it), does it in a
# third of SHA-256's time.
if TYPE_CHECKING:
    from hashlib import blake2b
else:
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - a Python built without it
        from hashlib import blake2b

from .builtin import builtin_dir
from .model import Variant

CACHE_FILE = Path(__file__).with_name("builtin.pickle")
_PACKAGE = Path(__file__).resolve().parents[1]
#: The code whose output is stored: what reads and checks descriptors, and the classes
#: pickled (a folder stands for its ``.py`` files).
_CODE = ("descriptor/", "geometry/", "rules/spec.py", "rules/registry.py")
#: The layout of the file; a file of another layout is not used (as a stale one is not).
_FORMAT = 2
#: Variants that came from the file (so were checked when it was written).
#: By identity (a Variant holds dicts, so it has no hash), weakly.
_VERIFIED: dict[int, weakref.ref[Variant]] = {}


def _code_files() -> list[str]:
    """The files of :data:`_CODE`, relative to the package, in the order they are digested
    (listed with ``os.listdir``: a glob compiled its pattern in every process's start)."""
    found: list[str] = []
    for entry in _CODE:
        if entry.endswith("/"):
            names = os.listdir(_PACKAGE / entry)
            # compiled.py only stores and finds what the others make
            found += sorted(entry + name for name in names if name.endswith(".py") and name != "compiled.py")
        else:
            found.append(entry)
    return found


@functools.cache
def fingerprint() -> str:
    """A digest of the code that turns a descriptor into a Variant."""
    digest = blake2b()
    for name in _code_files():
        digest.update(name.encode())
        with open(_PACKAGE / name, "rb") as file:
            digest.update(file.read())
    return digest.hexdigest()


@functools.cache
def _stored() -> dict[str, Any] | None:
    try:
        data = loads(CACHE_FILE.read_bytes())  # our own file, written by write_cache
    except (OSError, UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        return None
    if (
        not isinstance(data, dict)
        or data.get("format") != _FORMAT
        or data.get("fingerprint") != fingerprint()
    ):
        return None
    return data


@functools.cache
def _variant(name: str) -> Variant:
    """The stored Variant of the shipped file ``name``, unpickled once."""
    data = _stored()
    assert data is not None
    variant: Variant = loads(data["variants"][name][1])  # our own file, as above
    return variant


def cached_variant(path: Path) -> Variant | None:
    """The stored Variant of the shipped descriptor at ``path`` if it is current, else None."""
    data = _stored()
    if data is None or path.resolve().parent != builtin_dir().resolve():
        return None
    entry = data["variants"].get(path.name)
    if entry is None:
        return None
    digest = entry[0]
    try:
        if sha256(path.read_bytes()).hexdigest() != digest:
            return None
    except OSError:
        return None
    found: Variant = replace(_variant(path.name), file=path)
    _VERIFIED[id(found)] = weakref.ref(found)
    return found


def is_verified(variant: Variant) -> bool:
    """Whether ``variant`` came from the compiled file (its checks passed when it was written)."""
    ref = _VERIFIED.get(id(variant))
    return ref is not None and ref() is variant


def stored_form(variant: Variant, yaml: bytes) -> tuple[str, Variant]:
    """The entry a checked shipped game gets in the file: its YAML's digest, and the
    Variant without what ties it to this machine or to the YAML reader."""
    return sha256(yaml).hexdigest(), replace(variant, origin=None, file=Path(variant.file.name))


def write(entries: dict[str, tuple[str, Variant]], target: Path = CACHE_FILE) -> None:
    """Write ``entries`` (by file name) with the current code's fingerprint, each
    Variant pickled on its own (see the module's text)."""
    variants = {name: (digest, dumps(variant, protocol=4)) for name, (digest, variant) in entries.items()}
    data = {"format": _FORMAT, "fingerprint": fingerprint(), "variants": variants}
    # written beside and renamed over: a process reading it meanwhile sees the old file or the new
    partial = target.with_name(f".{target.name}.{os.getpid()}.part")
    partial.write_bytes(dumps(data, protocol=4))
    os.replace(partial, target)
