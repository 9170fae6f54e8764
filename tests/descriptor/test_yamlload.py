"""The descriptor YAML loader: every rule it promises, with exact messages and positions."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgen.descriptor import _yamlschema, yamlload
from boardgen.descriptor.yamlload import (
    MAX_ALIAS_NODES,
    MAX_BYTES,
    MAX_DEPTH,
    Loaded,
    load_file,
    load_text,
)
from boardgen.errors import BoardgenError, Mark


def fails(text: str | bytes, file: str = "x.yaml") -> str:
    """The one-line error ``text`` is refused with."""
    with pytest.raises(BoardgenError) as caught:
        load_text(text, file)
    message = str(caught.value)
    assert "\n" not in message
    assert "<unicode string>" not in message
    return message


def data(text: str | bytes) -> object:
    return load_text(text, "x.yaml").data


# --- plain loading -------------------------------------------------------------------


def test_loads_plain_insertion_ordered_data() -> None:
    loaded = load_text("z: 1\na:\n  - x\n  - {k: v}\nm: text\n", "game.yaml")
    assert loaded.file == "game.yaml"
    assert loaded.data == {"z": 1, "a": ["x", {"k": "v"}], "m": "text"}
    assert list(loaded.data) == ["z", "a", "m"]
    assert type(loaded.data) is dict and type(loaded.data["a"]) is list


def test_marks_are_read_only() -> None:
    loaded = load_text("a: 1\n", "x.yaml")
    with pytest.raises(TypeError):
        loaded.value_marks[("b",)] = Mark(1, 1)  # type: ignore[index]


def test_global_safe_loader_is_left_alone() -> None:
    assert yaml.safe_load("a: yes") == {"a": True}  # still YAML 1.1 for everyone else
    assert data("a: yes") == {"a": "yes"}
    assert yaml.SafeLoader.yaml_implicit_resolvers is not _yamlschema._CoreLoader.yaml_implicit_resolvers


# --- YAML 1.2 core schema --------------------------------------------------------------


@pytest.mark.parametrize(
    ("literal", "value"),
    [
        ("true", True),
        ("True", True),
        ("TRUE", True),
        ("false", False),
        ("False", False),
        ("FALSE", False),
        ("yes", "yes"),
        ("no", "no"),
        ("Yes", "Yes"),
        ("NO", "NO"),
        ("on", "on"),
        ("off", "off"),
        ("y", "y"),
        ("n", "n"),
        ("tRUE", "tRUE"),
        ("null", None),
        ("Null", None),
        ("NULL", None),
        ("~", None),
        ("", None),
        ("nULL", "nULL"),
        ("0", 0),
        ("42", 42),
        ("-7", -7),
        ("+7", 7),
        ("007", 7),
        ("0x1F", 31),
        ("0xff", 255),
        ("0o17", 15),
        ("0b101", "0b101"),
        ("1_000", "1_000"),
        ("0o8", "0o8"),
        ("1.5", 1.5),
        ("-0.25", -0.25),
        (".5", 0.5),
        ("1.", 1.0),
        ("1e3", 1000.0),
        ("2.5E-3", 0.0025),
        ("1:30", "1:30"),
        ("190:20:30", "190:20:30"),
        ("2024-01-02", "2024-01-02"),
        ("2001-12-14t21:59:43.10-05:00", "2001-12-14t21:59:43.10-05:00"),
        ("'true'", "true"),
        ('"42"', "42"),
        ("'~'", "~"),
        ("''", ""),
        ("=", "="),
        ("a1", "a1"),
    ],
)
def test_core_schema_scalars(literal: str, value: object) -> None:
    loaded = data(f"v: {literal}\n")
    assert loaded == {"v": value}
    assert isinstance(loaded, dict)
    assert type(loaded["v"]) is type(value)


def test_block_scalars_are_text() -> None:
    assert data("a: |\n  true\nb: >\n  12\n") == {"a": "true\n", "b": "12\n"}


@pytest.mark.parametrize("literal", [".inf", "-.inf", "+.Inf", ".INF", ".nan", ".NaN", ".NAN"])
def test_infinite_and_nan_are_refused(literal: str) -> None:
    assert fails(f"a:\n  b: {literal}\n") == (
        f"x.yaml:2:6: a.b: {literal} is not allowed: a board value cannot be infinite or "
        "not-a-number (quote it to mean text)"
    )
    assert data(f"a: '{literal}'\n") == {"a": literal}


def test_float_overflowing_to_infinity_is_refused() -> None:
    assert fails("a: 1e999\n") == "x.yaml:1:4: a: the number '1e999' is too large"
    assert math.isfinite(data("a: 1e308\n")["a"])  # type: ignore[index]


def test_integer_with_too_many_digits() -> None:
    message = fails("a: " + "9" * 5000 + "\n")
    assert (
        message == "x.yaml:1:4: a: the integer '9999999999999999999999999999999999999...' has too many digits"
    )
    assert data("a: 0x" + "f" * 5000 + "\n") == {"a": 16**5000 - 1}


# --- tags ------------------------------------------------------------------------------


def test_standard_explicit_tags() -> None:
    text = (
        "s: !!str 12\n"
        "i: !!int '12'\n"
        "f: !!float 1\n"
        "b: !!bool 'true'\n"
        "n: !!null ''\n"
        "l: !!seq [1]\n"
        "m: !!map {k: v}\n"
        "v: !<tag:yaml.org,2002:str> 7\n"
    )
    assert data(text) == {
        "s": "12",
        "i": 12,
        "f": 1.0,
        "b": True,
        "n": None,
        "l": [1],
        "m": {"k": "v"},
        "v": "7",
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: !!int abc\n", "x.yaml:1:4: a: 'abc' is not a valid !!int value"),
        ("a: !!bool yes\n", "x.yaml:1:4: a: 'yes' is not a valid !!bool value"),
        ("a: !!float x\n", "x.yaml:1:4: a: 'x' is not a valid !!float value"),
        ("a: !!null 0\n", "x.yaml:1:4: a: '0' is not a valid !!null value"),
        ("a: !!map [1]\n", "x.yaml:1:4: a: tag !!map cannot be used on a list"),
        ("a: !!seq {k: v}\n", "x.yaml:1:4: a: tag !!seq cannot be used on a mapping"),
        ("a: !!str [1]\n", "x.yaml:1:4: a: tag !!str cannot be used on a list"),
        ("a: !!seq x\n", "x.yaml:1:4: a: tag !!seq cannot be used on a single value"),
    ],
)
def test_standard_tag_misused(text: str, message: str) -> None:
    assert fails(text) == message


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("a: !!python/object/apply:os.system ['echo hi']\n", "!!python/object/apply:os.system"),
        ("a: !!python/name:os.system ''\n", "!!python/name:os.system"),
        ("a: !thing 1\n", "!thing"),
        ("a: !!set {x, y}\n", "!!set"),
        ("a: !!omap [x: 1]\n", "!!omap"),
        ("a: !!binary aGk=\n", "!!binary"),
        ("a: !!timestamp 2024-01-02\n", "!!timestamp"),
        ("a: !!merge x\n", "!!merge"),
        ("a: !<tag:example.com,2000:x> 1\n", "tag:example.com,2000:x"),
    ],
)
def test_other_tags_are_refused_by_name(text: str, tag: str) -> None:
    assert fails(text) == (
        f"x.yaml:1:4: a: unsupported YAML tag '{tag}': only text, numbers, true/false, null, "
        "lists and mappings are allowed"
    )


def test_tag_on_a_nested_value_names_its_path() -> None:
    assert fails("setup:\n  white:\n    - a1\n    - !!python/tuple [1, 2]\n").startswith(
        "x.yaml:4:7: setup.white.1: unsupported YAML tag '!!python/tuple'"
    )


# --- keys ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1: a\n", 'x.yaml:1:1: keys must be text, not the number 1 (write "1" to use it as text)'),
        (
            "b:\n  true: a\n",
            'x.yaml:2:3: b: keys must be text, not the boolean true (write "true" to use it as text)',
        ),
        (
            "b:\n  1.5: a\n",
            'x.yaml:2:3: b: keys must be text, not the number 1.5 (write "1.5" to use it as text)',
        ),
        ("~: a\n", 'x.yaml:1:1: keys must be text, not null (write "~" to use it as text)'),
        ("b: {null: a}\n", 'x.yaml:1:5: b: keys must be text, not null (write "null" to use it as text)'),
        ("?\n: a\n", "x.yaml:1:2: keys must be text, not null"),
        ("? [a]\n: 1\n", "x.yaml:1:3: keys must be text, not a list"),
        ("? {a: 1}\n: 1\n", "x.yaml:1:3: keys must be text, not a mapping"),
        ("!!int '1': a\n", "x.yaml:1:1: keys must be text, not the number 1"),
        ("0x10: a\n", 'x.yaml:1:1: keys must be text, not the number 16 (write "0x10" to use it as text)'),
    ],
)
def test_keys_must_be_text(text: str, message: str) -> None:
    assert fails(text) == message


def test_quoted_and_tagged_keys_are_text() -> None:
    assert data("'1': a\n\"true\": b\n!!str 2: c\nyes: d\n'': e\n") == {
        "1": "a",
        "true": "b",
        "2": "c",
        "yes": "d",
        "": "e",
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x: 1\ny: 2\nx: 3\n", "x.yaml:3:1: x: duplicate key 'x' (first at line 1)"),
        (
            "board:\n  side: 5\n  kind: hex\n  side: 6\n",
            "x.yaml:4:3: board.side: duplicate key 'side' (first at line 2)",
        ),
        ("a: {k: 1, k: 2}\n", "x.yaml:1:11: a.k: duplicate key 'k' (first at line 1)"),
        ("a:\n  - {k: 1}\n  - k: 1\n    k: 2\n", "x.yaml:4:5: a.1.k: duplicate key 'k' (first at line 3)"),
        ("x: 1\n'x': 2\n", "x.yaml:2:1: x: duplicate key 'x' (first at line 1)"),
    ],
)
def test_duplicate_keys(text: str, message: str) -> None:
    assert fails(text) == message


def test_merge_keys_are_refused() -> None:
    assert fails("base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n") == (
        "x.yaml:3:3: other: merge keys ('<<') are not supported: write the keys out "
        "(an alias can still repeat a whole value)"
    )
    assert data("'<<': quoted\n") == {"<<": "quoted"}


# --- anchors and aliases ---------------------------------------------------------------


def test_aliases_are_expanded_into_independent_copies() -> None:
    loaded = load_text("a: &p {x: [1, 2]}\nb: *p\n", "x.yaml")
    assert loaded.data == {"a": {"x": [1, 2]}, "b": {"x": [1, 2]}}
    assert loaded.data["a"] is not loaded.data["b"]
    assert loaded.data["a"]["x"] is not loaded.data["b"]["x"]
    # The aliased value is located at the alias; what is inside it, where it is written.
    assert loaded.value_marks[("a",)] == Mark(1, 4)
    assert loaded.value_marks[("b",)] == Mark(2, 4)
    assert loaded.value_marks[("b", "x")] == Mark(1, 11)
    assert loaded.value_marks[("b", "x", 1)] == Mark(1, 15)
    assert loaded.key_marks[("b", "x")] == Mark(1, 8)


def test_alias_as_key() -> None:
    loaded = load_text("k: &k name\n*k : 1\n", "x.yaml")
    assert loaded.data == {"k": "name", "name": 1}
    assert loaded.key_marks[("name",)] == Mark(2, 1)
    assert fails("k: &k [1]\n? *k\n: 1\n") == "x.yaml:2:3: keys must be text, not a list"


def billion_laughs(levels: int = 9) -> str:
    lines = ['lol0: &lol0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        items = ", ".join([f"*lol{level - 1}"] * 9)
        lines.append(f"lol{level}: &lol{level} [{items}]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused() -> None:
    # 9 ** 9 strings if expanded; refused once expansion passes MAX_ALIAS_NODES, at the
    # alias being expanded then (lol5's first item: 9**5 + ... nodes > 100 000).
    assert MAX_ALIAS_NODES == 100_000
    assert (
        fails(billion_laughs())
        == "x.yaml:6:14: lol5.0: YAML aliases expand to too many nodes (more than 100000)"
    )


def test_alias_expansion_below_the_limit_is_fine() -> None:
    assert len(str(data(billion_laughs(5)))) > 0  # 9**4 + 9**3 + ... nodes, well under the limit


def test_recursive_alias_is_refused() -> None:
    assert fails("a: &a [1, *a]\n") == "x.yaml:1:11: a.1: alias '*a' refers to a value that contains it"
    assert (
        fails("a: &a {b: {c: *a}}\n") == "x.yaml:1:15: a.b.c: alias '*a' refers to a value that contains it"
    )


def test_undefined_alias_and_duplicate_anchor() -> None:
    assert fails("a: 1\nb: *nope\n") == "x.yaml:2:4: alias '*nope' refers to no anchor defined before it"
    assert fails("a: *x\nb: &x 1\n") == "x.yaml:1:4: alias '*x' refers to no anchor defined before it"
    assert fails("a: &x 1\nb: &x 2\n") == "x.yaml:2:4: anchor '&x' is defined twice (first at line 1)"


# --- nesting depth ---------------------------------------------------------------------


def test_nesting_up_to_the_limit_is_fine() -> None:
    assert MAX_DEPTH == 100
    loaded = load_text("a: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n", "x.yaml")
    assert max(len(path) for path in loaded.value_marks) == MAX_DEPTH


def test_nesting_beyond_the_limit_is_refused() -> None:
    text = "a: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n"
    assert fails(text) == "x.yaml:1:104: values are nested too deeply (more than 100 levels)"


def test_absurd_nesting_is_refused_without_recursion_error() -> None:
    assert fails("a: " + "[" * 50_000 + "\n").startswith("x.yaml:1:104: values are nested too deeply")
    assert fails("a:\n" + "".join(" " * i + "- \n" for i in range(1, 300))).startswith(
        "x.yaml:102:102: values are nested too deeply"
    )


def test_nesting_through_aliases_is_limited_too() -> None:
    text = "a0: &a0 [x]\n" + "".join(f"a{i}: &a{i} [*a{i - 1}]\n" for i in range(1, 120))
    message = fails(text)
    assert message.startswith("x.yaml:1:10: a99.0.0.")
    assert message.endswith(": values are nested too deeply (more than 100 levels)")


# --- syntax errors ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a:\n\tb: 1\n", "x.yaml:2:1: tab character used for indentation: indent with spaces"),
        ("a:\n  b: 1\n  \tc: 2\n", "x.yaml:3:3: tab character used for indentation: indent with spaces"),
        ("a:\tb\n", "x.yaml:1:3: tab character not allowed here: use spaces"),
        (
            'a: 1\nb: "abc\nc: 2\n',
            "x.yaml:4:1: unclosed quote: the string starting at line 2, column 4 never ends",
        ),
        ("a: 'abc\n", "x.yaml:2:1: unclosed quote: the string starting at line 1, column 4 never ends"),
        (
            'a: "abc\n---\n',
            "x.yaml:2:1: unclosed quote: the string starting at line 1, column 4 never ends",
        ),
        (
            "a:\n  b: 1\n c: 2\n",
            "x.yaml:3:2: bad indentation: this does not continue the mapping starting at line 1, column 1",
        ),
        (
            "a:\n  - 1\n  b: 2\n",
            "x.yaml:3:3: bad indentation: this does not continue the list starting at line 2, column 3",
        ),
        (
            "a: 1\n b: 2\n",
            "x.yaml:2:3: unexpected ':' (check the indentation, or quote a value that contains ': ')",
        ),
        (
            "title: Draughts: the rules\n",
            "x.yaml:1:16: unexpected ':' (check the indentation, or quote a value that contains ': ')",
        ),
        ("a: [1, 2\nb: 3\n", "x.yaml:2:2: expected ',' or ']' in the list starting at line 1, column 4"),
        ("a: [1, 2\n", "x.yaml:2:1: unclosed '[': the list starting at line 1, column 4 never ends"),
        ("a: {x: 1\n", "x.yaml:2:1: unclosed '{': the mapping starting at line 1, column 4 never ends"),
        ("a: {x: 1 y: 2}\n", "x.yaml:1:11: expected ',' or '}' in the mapping starting at line 1, column 4"),
        (
            'a: "\\q"\n',
            "x.yaml:1:6: unknown escape '\\\\q' in a double-quoted string "
            "(write '\\\\' for a backslash, or use single quotes)",
        ),
        (
            'path: "C:\\Users\\me"\n',
            "x.yaml:1:12: bad escape '\\U' in a double-quoted string: it needs 8 hex digits "
            "(write '\\\\' for a backslash, or use single quotes)",
        ),
        ("a: @home\n", "x.yaml:1:4: a plain value cannot start with '@': put the value in quotes"),
        ("a: `x`\n", "x.yaml:1:4: a plain value cannot start with '`': put the value in quotes"),
        (
            "a: |x\n  foo\n",
            "x.yaml:1:5: invalid YAML: expected chomping or indentation indicators, but found 'x' "
            "(while scanning a block scalar at line 1, column 4)",
        ),
        (
            "a: !x!y 1\n",
            "x.yaml:1:4: invalid YAML: found undefined tag handle '!x!' "
            "(while parsing a node at line 1, column 4)",
        ),
        (
            "%YAML 2.0\n---\na: 1\n",
            "x.yaml:1:1: invalid YAML: found incompatible YAML document (version 1.* is required)",
        ),
    ],
)
def test_syntax_errors_are_one_line_and_located(text: str, message: str) -> None:
    assert fails(text) == message


def test_more_than_one_document() -> None:
    expected = "x.yaml:3:1: more than one YAML document ('---' starts another): a descriptor is one document"
    assert fails("a: 1\nb: 2\n---\nc: 3\n") == expected
    assert fails("---\na: 1\n---\n") == expected
    assert data("---\na: 1\n...\n") == {"a": 1}


# --- encoding and characters -----------------------------------------------------------


def test_non_utf8_byte_is_located() -> None:
    text = "name: Dames\nabout: café\n".encode("latin-1")
    assert fails(text) == "x.yaml:2:11: not UTF-8: byte 0xe9 (save the file as UTF-8)"


def test_non_utf8_column_counts_characters_not_bytes() -> None:
    text = "a: 1\nb: ½ é ".encode() + b"\xff\n"
    assert fails(text) == "x.yaml:2:8: not UTF-8: byte 0xff (save the file as UTF-8)"


def test_truncated_utf8_sequence_names_its_first_byte() -> None:
    assert fails(b"a: \xe2\x82\n") == "x.yaml:1:4: not UTF-8: byte 0xe2 (save the file as UTF-8)"


def test_utf16_gets_a_hint() -> None:
    assert fails("a: 1\n".encode("utf-16")) == "x.yaml:1:1: not UTF-8: byte 0xff (it looks like UTF-16)"


def test_utf8_bom_is_accepted_and_does_not_shift_columns() -> None:
    for text in (b"\xef\xbb\xbfa: 1\nb: [x]\n", "\ufeffa: 1\nb: [x]\n"):
        loaded = load_text(text, "x.yaml")
        assert loaded.data == {"a": 1, "b": ["x"]}
        assert loaded.key_marks[("a",)] == Mark(1, 1)
        assert loaded.value_marks[("a",)] == Mark(1, 4)
        assert loaded.value_marks[("b", 0)] == Mark(2, 5)
    assert fails(b"\xef\xbb\xbfa: 1\na: 2\n") == "x.yaml:2:1: a: duplicate key 'a' (first at line 1)"
    assert fails(b"\xef\xbb\xbfa: \xe9\n") == "x.yaml:1:4: not UTF-8: byte 0xe9 (save the file as UTF-8)"


def test_crlf_and_cr_line_ends() -> None:
    assert fails(b"a: 1\r\nb: 2\r\na: 3\r\n") == "x.yaml:3:1: a: duplicate key 'a' (first at line 1)"
    assert fails("a: 1\r\nb: 2\r\nc: \x01\r\n") == (
        "x.yaml:3:4: control character U+0001 is not allowed in YAML (write it as an escape in double quotes)"
    )
    loaded = load_text("a: 1\r\nb:\r\n  - x\r\n", "x.yaml")
    assert loaded.value_marks[("b", 0)] == Mark(3, 5)


def test_unicode_text_and_columns_in_characters() -> None:
    loaded = load_text("nom: «Dames»\ngröße: [é, ü]\n", "x.yaml")
    assert loaded.data == {"nom": "«Dames»", "größe": ["é", "ü"]}
    assert loaded.value_marks[("größe", 1)] == Mark(2, 12)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: b\x00\n", "x.yaml:1:5: control character U+0000 is not allowed in YAML"),
        ("a: 1\nb: \x1b[0m\n", "x.yaml:2:4: control character U+001B is not allowed in YAML"),
        ("a: \x7f\n", "x.yaml:1:4: control character U+007F is not allowed in YAML"),
        ("a: \ud800\n", "x.yaml:1:4: character U+D800 is not allowed in YAML"),
        ("a: \uffff\n", "x.yaml:1:4: character U+FFFF is not allowed in YAML"),
    ],
)
def test_unprintable_characters_are_located(text: str, message: str) -> None:
    assert fails(text) == message + " (write it as an escape in double quotes)"


def test_escaped_control_characters_are_fine() -> None:
    assert data('a: "bell\\a tab\\t"\n') == {"a": "bell\a tab\t"}


# --- empty, non-mapping, size ----------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["", b"", "   \n\n", "# only\n# comments\n", "---\n", "--- # x\n...\n", b"\xef\xbb\xbf"]
)
def test_empty_file(text: str | bytes) -> None:
    assert fails(text) == "x.yaml:1:1: the file is empty: a descriptor is a mapping of keys"


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("- a\n- b\n", "a list"),
        ("hello\n", "text"),
        ("'a: 1'\n", "text"),
        ("42\n", "the number 42"),
        ("true\n", "the boolean true"),
        ("null\n", "null"),
        ("\n\n  [1]\n", "a list"),
    ],
)
def test_top_level_must_be_a_mapping(text: str, what: str) -> None:
    line = 3 if text.startswith("\n") else 1
    column = 3 if text.startswith("\n") else 1
    assert fails(text) == f"x.yaml:{line}:{column}: a descriptor must be a mapping of keys, not {what}"


def test_empty_mapping_is_a_mapping() -> None:
    assert data("{}\n") == {}


def test_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    assert MAX_BYTES == 1024 * 1024
    too_big = "the file is too big (the limit is 1048576 bytes, 1 MiB)"
    big = b"a: 1\n" + b"#" * MAX_BYTES
    assert fails(big) == f"x.yaml: {too_big}"
    assert fails(big.decode()) == f"x.yaml: {too_big}"
    # The limit is in bytes, whatever the characters are.
    monkeypatch.setattr(yamlload, "MAX_BYTES", 10)
    assert data("a: 123456\n") == {"a": 123456}  # 10 bytes
    assert data(b"a: 123456\n") == {"a": 123456}
    assert fails("a: 12345é\n") == "x.yaml: the file is too big (the limit is 10 bytes, 1 MiB)"
    assert fails(b"a: 1234567\n") == "x.yaml: the file is too big (the limit is 10 bytes, 1 MiB)"


# --- files -----------------------------------------------------------------------------


def test_load_file_reads_and_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "pool.yaml"
    path.write_bytes(b"id: pool\nname: Pool\nname: Pool!\n")
    with pytest.raises(BoardgenError) as caught:
        load_file(path)
    assert str(caught.value) == f"{path}:3:1: name: duplicate key 'name' (first at line 2)"
    with pytest.raises(BoardgenError) as caught:
        load_file(str(path), display="variants/pool.yaml")
    assert str(caught.value).startswith("variants/pool.yaml:3:1: ")
    path.write_text("id: pool\n", encoding="utf-8")
    loaded = load_file(path, display="pool.yaml")
    assert loaded.file == "pool.yaml" and loaded.data == {"id": "pool"}


def test_load_file_failures(tmp_path: Path) -> None:
    with pytest.raises(BoardgenError) as caught:
        load_file(tmp_path / "missing.yaml", display="missing.yaml")
    assert str(caught.value) == "missing.yaml: no such file"
    assert caught.value.file == "missing.yaml" and caught.value.mark is None
    with pytest.raises(BoardgenError) as caught:
        load_file(tmp_path)
    assert str(caught.value) == f"{tmp_path}: is a folder, not a file: only regular files are read"
    with pytest.raises(BoardgenError) as caught:
        load_file("bad\0name.yaml")
    assert str(caught.value).startswith("bad\\x00name.yaml: cannot read: ")  # escaped: one line, no NUL
    huge = tmp_path / "huge.yaml"
    huge.write_bytes(b"a: 1\n" + b" " * MAX_BYTES)
    with pytest.raises(BoardgenError) as caught:
        load_file(huge, display="huge.yaml")
    assert str(caught.value) == "huge.yaml: the file is too big (the limit is 1048576 bytes, 1 MiB)"


# --- marks -----------------------------------------------------------------------------

NESTED = """\
board:
  kind: square
  size: [8, 8]
setup:
  white:
    - a1
    - [b2, c3]
    - {at: d4, kind: king}
  black: []
note:
empty: ''
"""


def test_marks_of_every_value_and_key_in_nested_lists_and_maps() -> None:
    loaded = load_text(NESTED, "x.yaml")
    values = {
        (): (1, 1),
        ("board",): (2, 3),
        ("board", "kind"): (2, 9),
        ("board", "size"): (3, 9),
        ("board", "size", 0): (3, 10),
        ("board", "size", 1): (3, 13),
        ("setup",): (5, 3),
        ("setup", "white"): (6, 5),
        ("setup", "white", 0): (6, 7),
        ("setup", "white", 1): (7, 7),
        ("setup", "white", 1, 0): (7, 8),
        ("setup", "white", 1, 1): (7, 12),
        ("setup", "white", 2): (8, 7),
        ("setup", "white", 2, "at"): (8, 12),
        ("setup", "white", 2, "kind"): (8, 22),
        ("setup", "black"): (9, 10),
        ("note",): (10, 6),  # an empty value starts just after its colon
        ("empty",): (11, 8),
    }
    keys = {
        ("board",): (1, 1),
        ("board", "kind"): (2, 3),
        ("board", "size"): (3, 3),
        ("setup",): (4, 1),
        ("setup", "white"): (5, 3),
        ("setup", "white", 2, "at"): (8, 8),
        ("setup", "white", 2, "kind"): (8, 16),
        ("setup", "black"): (9, 3),
        ("note",): (10, 1),
        ("empty",): (11, 1),
    }
    assert {path: (m.line, m.column) for path, m in loaded.value_marks.items()} == values
    assert {path: (m.line, m.column) for path, m in loaded.key_marks.items()} == keys


def test_marks_round_trip_to_the_source_text() -> None:
    """Every recorded mark points at the text of its scalar or key in the source."""
    loaded = load_text(NESTED, "x.yaml")
    lines = NESTED.splitlines()

    def at(mark: Mark) -> str:
        return lines[mark.line - 1][mark.column - 1 :]

    def walk(value: object, path: tuple[str | int, ...]) -> None:
        if isinstance(value, dict):
            for key, child in value.items():
                assert at(loaded.key_marks[(*path, key)]).startswith(f"{key}:")
                walk(child, (*path, key))
        elif isinstance(value, list):
            for index, child in enumerate(value):
                walk(child, (*path, index))
        elif isinstance(value, str) and value:
            assert at(loaded.value_marks[path]).startswith(value)

    walk(loaded.data, ())


def test_mark_falls_back_to_the_nearest_ancestor() -> None:
    loaded = load_text(NESTED, "x.yaml")
    assert loaded.mark(("setup", "white", 2, "at")) == Mark(8, 12)
    assert loaded.mark(("setup", "white", 2, "colour")) == Mark(8, 7)
    assert loaded.mark(("setup", "red", 0, "x")) == Mark(5, 3)
    assert loaded.mark(("nothing",)) == Mark(1, 1)
    assert loaded.mark(()) == Mark(1, 1)


def test_key_mark_falls_back_to_the_value_mark() -> None:
    loaded = load_text(NESTED, "x.yaml")
    assert loaded.key_mark(("board", "kind")) == Mark(2, 3)
    assert loaded.key_mark(("board", "size", 1)) == Mark(3, 13)  # list items have no key
    assert loaded.key_mark(("board", "colour")) == Mark(2, 3)  # missing: the board value
    assert loaded.key_mark(()) == Mark(1, 1)


def test_error_is_located_and_keyed() -> None:
    loaded = load_text(NESTED, "games/x.yaml")
    err = loaded.error(("setup", "white", 2, "kind"), "unknown piece kind 'king'")
    assert isinstance(err, BoardgenError)
    assert str(err) == "games/x.yaml:8:22: setup.white.2.kind: unknown piece kind 'king'"
    assert err.key == "setup.white.2.kind" and err.file == "games/x.yaml" and err.mark == Mark(8, 22)
    err = loaded.error(("setup", "white", 2, "kind"), "unknown key 'kind'", at_key=True)
    assert str(err) == "games/x.yaml:8:16: setup.white.2.kind: unknown key 'kind'"
    err = loaded.error(("board", "width"), "missing key 'width'")
    assert str(err) == "games/x.yaml:2:3: board.width: missing key 'width'"
    assert str(loaded.error((), "no board")) == "games/x.yaml:1:1: no board"


def test_loaded_is_frozen() -> None:
    loaded = load_text("a: 1\n", "x.yaml")
    assert isinstance(loaded, Loaded)
    with pytest.raises(AttributeError):
        loaded.file = "y.yaml"  # type: ignore[misc]


# --- robustness ------------------------------------------------------------------------

YAMLISH = st.text(alphabet=" \t\n\r:-?[]{},#&*!|>'\"%@`~.\\0123456789abexyz<=\x00é\ufeff", max_size=60)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=60), st.binary(max_size=60), YAMLISH, YAMLISH.map(str.encode)))
def test_anything_loads_or_raises_boardgen_error(text: str | bytes) -> None:
    try:
        loaded = load_text(text, "fuzz.yaml")
    except BoardgenError as err:
        assert err.file == "fuzz.yaml"
        assert "\n" not in str(err)
        if err.mark is not None:
            assert err.mark.line >= 1 and err.mark.column >= 1
    else:
        assert isinstance(loaded.data, dict)
        assert loaded.value_marks[()] is not None


# -- shipped files read fast ---------------------------------------------------------------

TEXTS = Path(__file__).resolve().parents[2] / "boardgen" / "texts"


SHIPPED = sorted(TEXTS.glob("*/catalogue.yaml")) + sorted(TEXTS.glob("*/games/*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_package_data_reads_as_the_descriptor_loader_reads_it(path: Path) -> None:
    assert yamlload.load_package_data(path) == yamlload.load_file(path).data


def test_package_data_keeps_core_schema_words_and_locates_faults(tmp_path: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text("a: no\nb: on\nc: 1.0\nd: {one: x, other: y}\n", encoding="utf-8")
    expected = {"a": "no", "b": "on", "c": 1.0, "d": {"one": "x", "other": "y"}}
    assert yamlload.load_package_data(plain) == expected
    twice = tmp_path / "twice.yaml"
    twice.write_text("a: 1\nb:\n  c: 2\n  c: 3\n", encoding="utf-8")
    with pytest.raises(BoardgenError, match=r"twice.yaml:4:3: .*duplicate"):
        yamlload.load_package_data(twice)
    broken = tmp_path / "broken.yaml"
    broken.write_text("a: [1, 2\n", encoding="utf-8")
    with pytest.raises(BoardgenError, match=r"broken.yaml:\d+:\d+"):
        yamlload.load_package_data(broken)
