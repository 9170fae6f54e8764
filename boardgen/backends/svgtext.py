"""The text of an SVG being written: its elements, and their markup.

The SVG backend used to build an :mod:`xml.etree.ElementTree` tree and have ElementTree
indent and write it. That writer is general (namespaces, qualified names, comments, a
stream and its encoder) and took most of a diagram's time, so the backend builds these
plain elements instead and :func:`write` produces the very text ElementTree produced
after ``ET.indent(tree, space="")``: the same escapes, one line break after each
child, ``<x/>`` for an empty element (ElementTree's ``<x />`` without the space).

A shape (:class:`Shape`) is made once, with its markup ready but for its paint, and
reused: the pieces of a game's diagrams are the same scene objects. Its paint is kept
apart, since what it writes depends on what its group inherits (:func:`write` leaves
out a value the element inherits anyway).
"""

from __future__ import annotations

__all__ = ["INHERITED", "Element", "Shape", "attribute", "cdata", "write"]

from collections.abc import Mapping

#: Inherited presentation attributes (the writer may leave them to the group).
INHERITED = (
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-opacity",
    "font-size",
    "font-weight",
    "text-anchor",
)
_INHERITED = frozenset(INHERITED)
#: Children written whole, whatever their parent inherits.
_HIDDEN = ("title", "desc", "defs")


def cdata(text: str) -> str:
    """Text escaped as ElementTree escapes character data."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def attribute(text: str) -> str:
    """An attribute value escaped as ElementTree escapes it: as character data, and then
    the quote and the white space a reader would otherwise normalise."""
    text = cdata(text)
    if '"' in text:
        text = text.replace('"', "&quot;")
    if "\r" in text:
        text = text.replace("\r", "&#13;")
    if "\n" in text:
        text = text.replace("\n", "&#10;")
    if "\t" in text:
        text = text.replace("\t", "&#09;")
    return text


class Element:
    """A container (``svg``, ``g``, ``defs``, ...) or a text-only element (``title``):
    its attributes in writing order (a container gains the paint hoisted onto it)."""

    __slots__ = ("attributes", "children", "tag", "text")

    def __init__(self, tag: str, attributes: dict[str, str] | None = None, text: str | None = None) -> None:
        self.tag = tag
        self.attributes: dict[str, str] = {} if attributes is None else attributes
        self.children: list[Element | Shape] = []
        self.text = text


class Shape:
    """A shape or a text as markup: ``head`` (``<circle cx=".." ...``, escaped), its
    ``paint`` as (name, value, markup) in writing order, and ``tail`` (attributes after
    the paint, then ``/>`` or the text and the end tag)."""

    __slots__ = ("head", "paint", "tail")

    def __init__(self, head: str, paint: tuple[tuple[str, str, str], ...], tail: str) -> None:
        self.head = head
        self.paint = paint
        self.tail = tail


def write(
    node: Element | Shape, out: list[str], inherited: Mapping[str, str] | None, *, own: bool = True
) -> None:
    """Append ``node`` to ``out`` as ElementTree writes it (see the module's text).

    With ``inherited`` (the paint the node inherits), an inherited attribute whose value
    the node inherits anyway is left out, here (unless ``own`` is false) and below; the
    children of :data:`_HIDDEN` kinds are written whole.
    """
    if isinstance(node, Shape):
        out.append(node.head)
        for name, value, markup in node.paint:
            if inherited is None or inherited.get(name) != value:
                out.append(markup)
        out.append(node.tail)
        return
    tag = node.tag
    out.append("<" + tag)
    changed: dict[str, str] = {}  # inherited paint this element sets otherwise
    for name, value in node.attributes.items():
        if inherited is not None and name in _INHERITED:
            if inherited.get(name) != value:
                changed[name] = value
            elif own:
                continue
        out.append(f' {name}="{attribute(value)}"')
    context = {**inherited, **changed} if inherited is not None and changed else inherited
    text = node.text
    if node.children:
        out.append(">\n" if not text or not text.strip() else ">" + cdata(text))
        # The paint a shape writes here, by its paint tuple: the shapes of one style share
        # theirs (a player's discs, a board's squares), so each is worked out once.
        painted: dict[int, str] = {}
        for child in node.children:
            if isinstance(child, Shape):
                paint = child.paint
                shown = painted.get(id(paint))
                if shown is None:
                    shown = "".join(m for name, v, m in paint if context is None or context.get(name) != v)
                    painted[id(paint)] = shown
                out.append(child.head + shown + child.tail + "\n")
                continue
            write(child, out, None if child.tag in _HIDDEN else context)
            out.append("\n")
        out.append("</" + tag + ">")
    elif text:
        out.append(">" + cdata(text) + "</" + tag + ">")
    else:
        out.append("/>")
