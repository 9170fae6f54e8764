"""What is wrong with a descriptor's text, each problem at its line, for the editor.

The reader's first error comes with every key the descriptor schema refuses (when the
text cannot be read as a game, several mistakes are seen at once, each in boardgen's own
words: ``unknown value 'freest'; use one of free, majority, most-value``); a text that
reads as a game gets every ``validate`` check it fails and every warning. Files the
descriptor names (artwork, fonts) are found beside it in the studio's folder and must lie
inside it (:meth:`boardgen.descriptor.yamlload.Loaded.named_path`). Any failure of a job
becomes one such problem (:func:`failed`): memory and recursion one line each.
"""

from __future__ import annotations

__all__ = [
    "MEMORY_LIMIT",
    "Problem",
    "by_line",
    "check_game",
    "diagnose",
    "failed",
    "load",
    "located",
    "read_game",
    "sheet_problems",
]

import functools
import json
import sys
import traceback
from importlib import resources
from typing import Any

from ..descriptor.model import Variant
from ..descriptor.parse import parse_variant
from ..descriptor.yamlload import Loaded, load_text
from ..errors import BoardgenError
from ..outputs.validate import colour_warnings, design_warnings, failures, sheet_check

#: Address space a worker may use (docs/reference/limits.md; :func:`boardgen.studio.work.limit_memory`
#: holds it to that): a descriptor that explodes fails in one line saying so.
MEMORY_LIMIT = 3 << 30

#: A problem as the editor shows it: line, column, key, message, the whole line as the
#: command line prints it (``text``), severity (``error``, ``warning``) and source
#: (``boardgen``, ``schema``).
Problem = dict[str, Any]


def located(error: BoardgenError, severity: str = "error", source: str = "boardgen") -> Problem:
    """An error as the editor shows it: at its line and column when it has them."""
    return {
        "line": error.mark.line if error.mark is not None else None,
        "column": error.mark.column if error.mark is not None else None,
        "key": error.key,
        "message": error.message,
        "text": str(error),
        "severity": severity,
        "source": source,
    }


def failed(error: BaseException) -> Problem:
    """Any failure of a job as one located problem (an unexpected one is printed on the
    studio's terminal, to be reported)."""
    if isinstance(error, BoardgenError):
        return located(error)
    if isinstance(error, MemoryError):
        message = f"this descriptor needs more memory than the studio allows ({MEMORY_LIMIT >> 30} GiB)"
    elif isinstance(error, RecursionError):
        message = "this descriptor nests too deeply to be drawn"
    else:
        traceback.print_exc(file=sys.stderr)
        message = f"internal error ({type(error).__name__}); please report it with the descriptor"
    return {
        "line": None,
        "column": None,
        "key": None,
        "message": message,
        "text": message,
        "severity": "error",
        "source": "boardgen",
    }


@functools.cache
def _schema_validator() -> Any:
    """The descriptor schema's validator, or None where jsonschema is not installed."""
    try:
        # Lazy: only the studio's workers check against the schema, once each.
        import jsonschema  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    text = resources.files("boardgen.descriptor").joinpath("descriptor.schema.json").read_text("utf-8")
    schema = json.loads(text)
    return jsonschema.validators.validator_for(schema)(schema)


def _schema_problems(loaded: Loaded) -> list[Problem]:
    """Every place the document breaks the descriptor schema, each at its line."""
    validator = _schema_validator()
    if validator is None:
        return []
    problems = []
    for error in validator.iter_errors(loaded.data):
        chosen = _chosen(error)
        path = tuple(chosen.absolute_path)
        problem = located(loaded.error(path, _schema_words(chosen)), source="schema")
        problems.append(problem)
    return problems


def _listed(values: Any) -> str:
    return ", ".join(str(v) for v in values)


def _schema_words(error: Any) -> str:
    """What a schema error says, in the words boardgen's own messages use (jsonschema
    writes Python's: ``'freest' is not one of ['free', 'majority']``)."""
    kind, value, rule = error.validator, error.instance, error.validator_value
    if kind == "enum":
        return f"unknown value {value!r}; use one of {_listed(rule)}"
    if kind == "const":
        return f"expected {rule!r}, got {value!r}"
    if kind == "type":
        wanted = " or ".join(rule) if isinstance(rule, list) else rule
        got = {"str": "text", "dict": "a mapping", "list": "a list", "NoneType": "nothing"}
        return f"expected {wanted}, got {got.get(type(value).__name__, type(value).__name__)}"
    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = list(error.schema.get("properties", {}))
        extra = [key for key in value if key not in allowed]
        keys = f"key{'s' if len(extra) > 1 else ''} {_listed(extra)}"
        return f"unknown {keys} (expected one of: {_listed(allowed)})"
    if kind == "required":
        return str(error.message).replace("is a required property", "is required here")
    if kind in ("minimum", "maximum"):
        return f"{value} is {'below the least' if kind == 'minimum' else 'above the most'} allowed, {rule}"
    return str(error.message)


def _chosen(error: Any) -> Any:
    """Of an error about several possible shapes (``oneOf``, ``anyOf``), the one that
    says what is wrong: in the shape the value comes closest to (the fewest errors; a
    board that says ``kind: square`` is a square board with a bad key, not a hex board
    with a wrong kind), its deepest error."""
    if not error.context:
        return error
    branches: dict[Any, list[Any]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else 0, []).append(sub)
    closest = min(branches.values(), key=lambda subs: (len(subs), -max(len(e.absolute_path) for e in subs)))
    return _chosen(max(closest, key=lambda e: len(e.absolute_path)))


def load(text: str, name: str, folder: str) -> Loaded:
    """The text read as YAML, the files it names found in ``folder`` and kept inside it."""
    return load_text(text, name, folder=folder, within=folder)


def read_game(text: str, name: str, folder: str) -> tuple[Variant | None, list[Problem]]:
    """The variant ``text`` writes, or None and its problems: the reader's first error
    and, with it, every key the schema refuses (each at its line, so several mistakes
    are seen at once). A YAML error is one problem: nothing else can be said."""
    try:
        loaded = load(text, name, folder)
    except BoardgenError as error:
        return None, [located(error)]
    try:
        return parse_variant(loaded), []
    except BoardgenError as error:
        first = located(error)
        said = error.key or ""
        others = [
            p
            for p in _schema_problems(loaded)
            if p["line"] != first["line"] and not (said + ".").startswith((p["key"] or "") + ".")
        ]
        return None, by_line([first, *others])


def check_game(variant: Variant, *, sheets: bool = True) -> list[Problem]:
    """Every ``validate`` check the variant fails (errors: nothing is printed from it)
    and every warning, each at its key's line; ``sheets``: with the rule sheet's check
    (:func:`sheet_problems`), which the preview runs apart, just before the sheet."""
    problems = [located(variant.error(c.key, c.detail)) for c in failures(variant, sheets=sheets)]
    warnings = [*colour_warnings(variant), *design_warnings(variant)]
    problems += [located(variant.error(c.key, c.detail), "warning") for c in warnings]
    return by_line(problems)


def sheet_problems(variant: Variant) -> list[Problem]:
    """The rule sheet's check (its diagrams fit the paper), failed, at its line."""
    check = sheet_check(variant)
    return [] if check.ok else [located(variant.error(check.key, check.detail))]


def diagnose(text: str, name: str, folder: str) -> tuple[Variant | None, list[Problem]]:
    """The checked variant of ``text`` (None when it has errors) and every problem found."""
    variant, problems = read_game(text, name, folder)
    if variant is None:
        return None, problems
    problems = check_game(variant)
    return (None if any(p["severity"] == "error" for p in problems) else variant), problems


def by_line(problems: list[Problem]) -> list[Problem]:
    """``problems`` in the order of the text (an unlocated one first)."""
    return sorted(problems, key=lambda p: (p["line"] or 0, p["column"] or 0))
