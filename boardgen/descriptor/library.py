"""The games a command can name: the user's folders of descriptors, then the shipped ones.

A :class:`Library` is an ordered list of folders: those given with ``--variants`` (in
order), then those of the ``BOARDGEN_VARIANTS`` environment variable (separated by the
platform's path separator, as ``PATH`` is), then the games boardgen ships. An id is
found in the first folder that has it: a user's ``american-checkers.yaml`` shadows the
shipped one, and the library says so in :attr:`Library.notices` (the command line
prints them on stderr). Finding ids only lists file names; a descriptor is read when it
is asked for, so one broken file never stops the others from loading:
:meth:`Library.load_many` returns the good games and one located error per broken file.
"""

from __future__ import annotations

__all__ = ["ENV_VAR", "BrokenDescriptors", "Library", "is_descriptor_path"]

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from ..errors import BoardgenError, closest, shown
from .builtin import builtin_dir
from .ids import ID_PATTERN
from .model import Variant

#: The environment variable holding folders of the user's descriptors.
ENV_VAR = "BOARDGEN_VARIANTS"
_SUFFIXES = (".yaml", ".yml")


class BrokenDescriptors(BoardgenError):
    """Several descriptors could not be read: one located line per file."""

    def __init__(self, errors: Sequence[BoardgenError]) -> None:
        super().__init__("\n".join(str(error) for error in errors))
        self.errors = tuple(errors)

    def __str__(self) -> str:
        return "\n".join(str(error) for error in self.errors)  # each line escaped on its own


def is_descriptor_path(ref: str) -> bool:
    """Whether a command-line reference names a file or folder rather than an id."""
    return ref.endswith(_SUFFIXES) or os.sep in ref or "/" in ref or ref in (".", "..")


class _Entry(NamedTuple):  # not a dataclass: cheaper to define at start-up
    path: Path
    builtin: bool


class Library:
    """The descriptors reachable by id, user folders first (see the module's text)."""

    def __init__(
        self,
        folders: Iterable[Path] = (),
        *,
        environ: Mapping[str, str] | None = None,
        builtin: bool = True,
    ) -> None:
        env = os.environ if environ is None else environ
        user: list[Path] = [Path(folder) for folder in folders]
        for part in env.get(ENV_VAR, "").split(os.pathsep):
            if not part:
                continue
            if not Path(part).is_dir():
                raise BoardgenError(f"{ENV_VAR}: no folder {part!r}")
            user.append(Path(part))
        for folder in user:
            if not folder.is_dir():
                raise BoardgenError(f"--variants: no folder {str(folder)!r}")
        if builtin:  # the shipped folder given again (a library's own folders passed on) stays shipped
            shipped_dir = builtin_dir().resolve()
            user = [folder for folder in user if folder.resolve() != shipped_dir]
        #: Where ids are looked up, first match wins: the user's folders, then the shipped games.
        self.folders: tuple[Path, ...] = (*user, builtin_dir()) if builtin else tuple(user)
        self._entries: dict[str, _Entry] = {}
        notices: list[str] = []
        for index, folder in enumerate(self.folders):
            shipped = builtin and index == len(self.folders) - 1
            for path in _descriptor_files(folder):
                known = self._entries.get(path.stem)
                if known is not None and known.path.resolve() == path.resolve():
                    continue  # the same file reached twice (a folder given again)
                if known is None:
                    self._entries[path.stem] = _Entry(path, shipped)
                elif known.path.suffix != path.suffix and known.path.parent == path.parent:
                    notices.append(f"{path}: ignored, {known.path.name} has the same id")
                else:
                    what = "the built-in game" if shipped else str(path)
                    notices.append(f"{known.path}: shadows {what} '{path.stem}'")
        #: One line per descriptor hidden by another of the same id, for stderr.
        self.notices: tuple[str, ...] = tuple(notices)

    # -- finding -------------------------------------------------------------------------

    def is_builtin(self, variant_id: str) -> bool:
        """Whether ``variant_id`` is one of the shipped games (not shadowed by a user's file)."""
        entry = self._entries.get(variant_id)
        return entry is not None and entry.builtin

    def ids(self) -> list[str]:
        """Every id the library reaches, sorted."""
        return sorted(self._entries)

    def path(self, ref: str) -> Path:
        """The file ``ref`` names: an id in the library, or a path to a YAML file."""
        if is_descriptor_path(ref):
            return Path(ref)
        if not re.fullmatch(ID_PATTERN, ref):
            raise BoardgenError(f"{shown(ref)} is neither a variant id nor a .yaml file")
        entry = self._entries.get(ref)
        if entry is None:
            known = self.ids()
            close = closest(ref, known, cutoff=0.5)
            hint = f"; did you mean {close}?" if close else f" (known: {', '.join(known) or 'none'})"
            raise BoardgenError(f"no variant {shown(ref)}{hint}")
        return entry.path

    def select(self, refs: Sequence[str]) -> list[Path]:
        """The files ``refs`` name (ids, YAML files, folders of them); all of them when empty.

        A folder stands for every descriptor directly inside it. Two files giving the
        same id are refused: a build would write both into one folder.
        """
        if not refs:
            return [self._entries[vid].path for vid in self.ids()]
        paths: list[Path] = []
        for ref in refs:
            if Path(ref).is_dir() and (is_descriptor_path(ref) or ref not in self._entries):
                found = _descriptor_files(Path(ref))
                if not found:
                    raise BoardgenError(f"{ref}: no .yaml descriptor in this folder")
                paths.extend(found)
            else:
                paths.append(self.path(ref))
        return _unique(paths)

    # -- loading -------------------------------------------------------------------------

    def load(self, ref: str) -> Variant:
        """The game ``ref`` names (an id or a YAML file), read and checked."""
        path = self.path(ref)
        entry = self._entries.get(ref)
        if entry is not None and entry.builtin:
            from .compiled import cached_variant  # lazy: pickle and hashlib only for shipped games

            cached = cached_variant(path)
            if cached is not None:
                return cached
        return _parse(path)

    def load_many(
        self, paths: Sequence[Path], *, compiled: bool = False
    ) -> tuple[list[Variant], list[BoardgenError]]:
        """Every descriptor of ``paths`` that reads cleanly, and one error per one that does
        not; with ``compiled``, a shipped game as :meth:`load` has it (from the compiled
        file, when current), else each file is read."""
        variants: list[Variant] = []
        errors: list[BoardgenError] = []
        if compiled:
            from .compiled import cached_variant  # lazy, as in load()
        for path in paths:
            try:
                found = cached_variant(path) if compiled else None
                variants.append(found if found is not None else _parse(path))
            except BoardgenError as error:
                errors.append(error.located(str(path)))
        return variants, errors

    def load_all(self, refs: Sequence[str] = ()) -> list[Variant]:
        """The games ``refs`` name (all when empty), shipped ones compiled as :meth:`load`
        has them (a build of the library read every file: a quarter of a second); every
        broken one is reported at once."""
        variants, errors = self.load_many(self.select(refs), compiled=True)
        if errors:
            raise errors[0] if len(errors) == 1 else BrokenDescriptors(errors)
        return variants


def _parse(path: Path) -> Variant:
    """The descriptor at ``path`` read and checked (YAML and the checks imported here, when
    a file is read: looking ids up and the compiled built-ins need neither)."""
    # Lazy for start-up speed: PyYAML and the checks are imported only when a file is read.
    from .parse import parse_variant
    from .yamlload import load_file

    return parse_variant(load_file(path, display=str(path)))


def _descriptor_files(folder: Path) -> list[Path]:
    """The descriptors directly inside ``folder``, by name (``.yaml`` before ``.yml``)."""
    files = [p for p in folder.iterdir() if p.suffix in _SUFFIXES and not p.name.startswith(".")]
    return sorted(files, key=lambda p: (p.stem, _SUFFIXES.index(p.suffix)))


def _unique(paths: list[Path]) -> list[Path]:
    """``paths`` without repeats; two different files with one id are refused."""
    seen: dict[str, Path] = {}
    result: list[Path] = []
    for path in paths:
        earlier = seen.get(path.stem)
        if earlier is None:
            seen[path.stem] = path
            result.append(path)
        elif earlier.resolve() != path.resolve():
            raise BoardgenError(f"{path}: the id '{path.stem}' is also given by {earlier}")
    return result
