"""The descriptor reference, written from the JSON schema the editors use.

:func:`reference` turns ``boardgen/descriptor/descriptor.schema.json`` into MyST Markdown:
a table of the top-level keys, a section for every mapping with keys of its own (each
board shape, ``print``, ``rules``, ...) and one for each shared definition (``$defs``),
every type linked to its section. Nothing is written by hand, so a key added to the
schema appears in the site at the next build, and a key the schema drops disappears.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

Schema = dict[str, Any]

#: Where the schema lies in a checkout.
SCHEMA = Path(__file__).resolve().parents[3] / "boardgen" / "descriptor" / "descriptor.schema.json"


def anchor(name: str) -> str:
    """The label of a section of the reference (``descriptor-board-square``)."""
    for mark, word in (("[]", ".item"), ("*", "any"), (".", "-"), ("_", "-"), (" ", "-")):
        name = name.replace(mark, word)
    return "descriptor-" + name


def _code(value: Any) -> str:
    text = "null" if value is None else json.dumps(value) if not isinstance(value, str) else value
    return f"`{text}`"


def _range(node: Schema, unit: str = "") -> str:
    low, high = node.get("minimum"), node.get("maximum")
    if low is not None and high is not None:
        return f"{low} to {high}{unit}"
    if low is not None:
        return f"at least {low}{unit}"
    if high is not None:
        return f"at most {high}{unit}"
    return ""


def _meaning(node: Schema) -> str:
    """A key's description, or those of its forms when only they have one."""
    if node.get("description"):
        return str(node["description"])
    forms = [c.get("description") for c in node.get("oneOf", node.get("anyOf", [])) if c.get("description")]
    return " ".join(dict.fromkeys(forms))


class Writer:
    """Writes the reference; ``sections`` collects the mappings that get a section of
    their own while the tables that name them are written."""

    def __init__(self, schema: Schema) -> None:
        self.schema = schema
        self.defs: dict[str, Schema] = schema.get("$defs", {})
        self.sections: list[tuple[str, Schema]] = []
        #: The section already given to a mapping, by its text: the same mapping met
        #: again (each language of a region's name) links to it.
        self.seen: dict[str, str] = {}

    # -- one cell: what a value may be ------------------------------------------------
    def kind(self, node: Schema, path: str) -> str:
        """What a value may be, in words, with links to the sections of named types."""
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            return f"{{ref}}`{name} <{anchor(name)}>`"
        if "const" in node:
            return _code(node["const"])
        if "enum" in node:
            return "one of " + ", ".join(_code(value) for value in node["enum"])
        for word in ("oneOf", "anyOf"):
            choices = node.get(word)
            if not choices or "properties" in node:
                continue
            if sum(1 for choice in choices if choice.get("properties")) > 1:  # forms of a mapping
                return self._section_for(node, path)
            if all(set(choice) - {"required"} for choice in choices):
                return " or ".join(self.kind(choice, path) for choice in choices)
        kind = node.get("type")
        if isinstance(kind, list):
            return " or ".join(self.kind({**node, "type": one}, path) for one in kind)
        if kind == "integer" or kind == "number":
            words = "whole number" if kind == "integer" else "number"
            bounds = _range(node)
            return f"{words}, {bounds}" if bounds else words
        if kind == "string":
            return self._string(node)
        if kind == "boolean":
            return "`true` or `false`"
        if kind == "null":
            return "`null`"
        if kind == "array":
            return self._array(node, path)
        if kind == "object" or "properties" in node:
            return self._mapping(node, path)
        return "any value"

    def _string(self, node: Schema) -> str:
        words = "text"
        if "pattern" in node:
            words += f" matching `{node['pattern']}`"
        low, high = node.get("minLength"), node.get("maxLength")
        if high is not None:
            words += f", {low or 0} to {high} characters"
        elif low:
            words += ", not empty"
        return words

    def _array(self, node: Schema, path: str) -> str:
        items = node.get("items", {})
        words = "list of " + self.kind(items, path + "[]")
        low, high = node.get("minItems"), node.get("maxItems")
        if low is not None and high is not None:
            words += f" ({low} to {high})" if low != high else f" (exactly {low})"
        elif low:
            words += f" (at least {low})"
        if node.get("uniqueItems"):
            words += ", each once"
        return words

    def _section_for(self, node: Schema, path: str) -> str:
        """A link to the section of ``node``, given the first time it is met."""
        key = json.dumps(node, sort_keys=True)
        if key not in self.seen:
            self.seen[key] = path
            self.sections.append((path, node))
        first = self.seen[key]
        return f"mapping: see {{ref}}`{first} <{anchor(first)}>`"

    def _mapping(self, node: Schema, path: str) -> str:
        if node.get("properties") or isinstance(node.get("oneOf"), list):
            return self._section_for(node, path)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            return "mapping of names to " + self.kind(extra, path + ".*")
        return "mapping"

    # -- one table: the keys of a mapping ---------------------------------------------
    def table(self, node: Schema, path: str) -> Iterator[str]:
        properties: dict[str, Schema] = node.get("properties", {})
        required = set(node.get("required", ()))
        yield "| key | required | value | meaning |"
        yield "| --- | --- | --- | --- |"
        for key, child in properties.items():
            where = f"{path}.{key}" if path else key
            value = self.kind(child, where).replace("|", "\\|")
            meaning = _meaning(child).replace("|", "\\|")
            if "default" in child:
                meaning += f" Default: {_code(child['default'])}."
            yield f"| `{key}` | {'yes' if key in required else ''} | {value} | {meaning} |"
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            names = node.get("propertyNames", {}).get("enum")
            which = (
                "any other key"
                if not names
                else "also " + ", ".join(_code(n) for n in names if n not in properties)
            )
            yield f"| {which} | | {self.kind(extra, path + '.*')} | {extra.get('description', '')} |"
        yield ""
        for condition in node.get("allOf", ()):
            yield from self._condition(condition)

    def _condition(self, condition: Schema) -> Iterator[str]:
        when = condition.get("if", {}).get("properties", {})
        then = condition.get("then", {}).get("properties", {})
        if len(when) == 1 and then:
            ((key, test),) = when.items()
            for target, value in then.items():
                yield f"With `{key}: {test.get('const')}`, `{target}` is {self.kind(value, target)}."
                yield ""

    # -- the whole reference ----------------------------------------------------------
    def section(self, path: str, node: Schema, level: int) -> Iterator[str]:
        yield f"({anchor(path)})="
        yield f"{'#' * level} `{path}`"
        yield ""
        if node.get("description"):
            yield node["description"]
            yield ""
        choices = node.get("oneOf") or node.get("anyOf")
        if isinstance(choices, list) and not node.get("properties"):
            yield from self._choices(path, choices, level)
            return
        yield from self.table(node, path)

    def _choices(self, path: str, choices: list[Schema], level: int) -> Iterator[str]:
        """A value with several forms: each form's table (a board shape per ``kind``)."""
        plain = [choice for choice in choices if not choice.get("properties")]
        if plain:
            yield "One of: " + "; ".join(self.kind(choice, path) for choice in plain) + "."
            yield ""
        for number, choice in enumerate(c for c in choices if c.get("properties")):
            properties = choice["properties"]
            tag = next((key for key, value in properties.items() if "const" in value), None)
            word = properties[tag]["const"] if tag else next(iter(choice.get("required", [number])))
            title = f"`{path}` with `{tag}: {word}`" if tag else f"`{path}` by `{word}`"
            label = anchor(f"{path}-{word}")
            yield f"({label})="
            yield f"{'#' * (level + 1)} {title}"
            yield ""
            yield from self.table(choice, path)

    def document(self) -> Iterator[str]:
        root = self.schema
        yield root.get("description", "")
        yield ""
        yield "(descriptor-top)="
        yield "## Top-level keys"
        yield ""
        yield from self.table(root, "")
        done: set[str] = set()
        while self.sections:
            path, node = self.sections.pop(0)
            if path in done:
                continue
            done.add(path)
            yield from self.section(path, node, 2)
        yield "## Shared definitions"
        yield ""
        yield "Types named in the tables above."
        yield ""
        for name, node in self.defs.items():
            yield from self.section(name, node, 3)
            while self.sections:  # mappings inside a definition
                path, inner = self.sections.pop(0)
                if path not in done:
                    done.add(path)
                    yield from self.section(path, inner, 4)


def reference(schema_path: Path = SCHEMA) -> str:
    """The descriptor reference as MyST Markdown."""
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    return "\n".join(Writer(schema).document()) + "\n"
