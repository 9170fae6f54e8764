"""What a rule family provides: the one interface every family plugs in behind.

A family (leaping draughts, Catchup's placement, or a third party's game) is one object,
an instance of :class:`RuleFamily`, found by name through :mod:`boardgen.rules.registry`
(built in, or installed under the ``boardgen.families`` entry-point group). Nothing
outside a family looks at a family's name: the descriptor loader asks it to check its
switches, the CLI, the diagrams and ``validate`` play through the :class:`~.base.Engine`
it makes, the rule sheets let it write its sections and the pieces sheet asks it which
counters to print. The model is OpenSpiel's ``Game``/``State`` split and python-chess's
variants: a family is data about a game plus the code that plays it, nothing else.

A family's sheet composer writes through :class:`SheetWriter`, which the texts layer
implements: the composer chooses catalogue keys (``params.leaping.promotion.none``) and
the sheet looks the words up in the reader's language, so a family never imports the
texts layer and its words stay data. A third-party family ships its own words with
:meth:`RuleFamily.catalogue_file`.
"""

from __future__ import annotations

__all__ = [
    "CounterNeed",
    "ParamErrorFactory",
    "RuleFamily",
    "SheetWriter",
    "Text",
]

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from ..errors import BoardgenError
from ..foundation.values import frozen
from .base import Engine
from .spec import GameSpec

#: The family's own game class (``LeapingGame``): what its methods are given back.
G = TypeVar("G", bound=Engine)

#: Builds a located error for a key path below ``rules.params``: the descriptor loader
#: passes one that points at the line (``FILE:LINE:COL: rules.params.king: ...``).
ParamErrorFactory = Callable[[tuple[str | int, ...], str], BoardgenError]

#: A paragraph as a composer gives it: a text, or sentences to join (empty ones dropped).
Text = str | list[str] | tuple[str, ...]


class SheetWriter(Protocol):
    """The rule sheet being written, as a family's composer sees it (the texts layer
    implements it). Keys are catalogue keys; ``{cell}`` and ``{cells}`` are always
    given (``square``/``hexagon`` in the sheet's language)."""

    lang: str

    def say(self, key: str, **values: object) -> str:
        """The catalogue's template at ``key``, filled with ``values`` and typeset."""
        ...

    def count(self, key: str, n: int, **values: object) -> str:
        """The plural form of ``key`` for the number ``n`` (given to it as ``{n}``)."""
        ...

    def has(self, key: str) -> bool:
        """Whether the catalogue has ``key`` (for forms only some languages need)."""
        ...

    def join(self, items: Sequence[str]) -> str:
        """``a``, ``a or b``, ``a, b or c`` in the sheet's language."""
        ...

    def name(self, player_id: str) -> str:
        """The player's name in the sheet's language ("White")."""
        ...

    def piece_name(self, kind_id: str) -> str:
        """A declared piece kind's name in the sheet's language ("king")."""
        ...

    def region(self, key: str) -> dict[str, str]:
        """The values naming region ``key`` in a sentence: ``{region}`` (its name with its
        article, "the lake") and ``{region_<case>}`` where the language declines it
        (German ``region_acc``: "den See"). Sentences about a region use these, never a
        fixed word."""
        ...

    def board_setup(self) -> list[str]:
        """Sentences on how the board lies between the players (the corner at each
        player's right, which cells are played on): the same for every family."""
        ...

    def section(self, name: str, *paragraphs: Text, title: str | None = None) -> None:
        """A numbered section ``name`` (its title ``sections.<name>`` unless given),
        followed by the game's own notes on it. ``name`` is an example topic."""
        ...

    def special(self, topic: str, title: str, *sentences: str) -> None:
        """A special rule with a run-in ``title`` under "Special rules"; examples whose
        topic is ``topic`` are shown right after it."""
        ...


@frozen
class CounterNeed:
    """Counters a player needs to play, for the print-and-play pieces sheet: ``count``
    counters of ``kind`` (``man``, ``king``, ``stone``); ``spares`` when some should be
    added for losses (men are; a proven upper bound of stones is not)."""

    player: str
    kind: Literal["man", "king", "stone"]
    count: int
    spares: bool = False
    #: A piece kind the descriptor declares (``pieces:``), printed with its glyph.
    shape: str = ""


class RuleFamily(ABC, Generic[G]):
    """One rule family. Subclass it (``RuleFamily[MyGame]``), set :attr:`name`,
    implement the abstract methods, and register an instance (see
    :mod:`boardgen.rules.registry`). The methods that take a game are only ever given
    one this family's :meth:`make_game` made.

    Class attributes say what the family accepts of a descriptor; methods do the work.
    Every method is given checked values: ``params`` as written under ``rules.params``,
    a :class:`GameSpec` that the loader has resolved (cells, regions, setup).
    """

    #: The name descriptors give as ``rules.family`` (lower case, ``-`` between words).
    name: ClassVar[str]
    #: Fewest and most players the family plays with (the loader refuses others).
    players: ClassVar[tuple[int, int]] = (2, 2)
    #: Whether ``validate`` requires the players' setups to be mirror images under a
    #: half turn of the board (draughts: yes; reversi, whose centre is crossed: no).
    mirrored_setup: ClassVar[bool] = True
    #: Whether an engine plays the family's games; False for a print-only family, whose
    #: games ``validate`` checks without an engine (no moves, no examples to play).
    plays: ClassVar[bool] = True
    #: Whether ``validate`` requires that no first move captures (in draughts, pieces in
    #: reach of each other at the start are a setup mistake; a game whose opening move
    #: turns or takes stones sets it False).
    quiet_first_move: ClassVar[bool] = True
    #: What the descriptor's ``setup`` cells hold, for the starting diagram.
    setup_piece: ClassVar[Literal["man", "stone"]] = "man"
    #: Every section name the family's sheets may have, in sheet order: the example
    #: topics a descriptor may use besides :attr:`special_topics`.
    sections: ClassVar[tuple[str, ...]] = ()
    #: Example topics naming a special rule, and the switch that makes the rule special.
    special_topics: ClassVar[Mapping[str, str]] = {}

    # -- the descriptor -------------------------------------------------------------------

    @abstractmethod
    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        """Refuse unknown, ill-typed or contradictory switches by raising
        ``error(key_path_below_params, message)``. Checks that need the board (a region
        name) belong in :meth:`make_game`, with the key ``rules.params.<name>``."""

    # -- play -----------------------------------------------------------------------------

    @abstractmethod
    def make_game(self, spec: GameSpec) -> G:
        """The playable game (positions, moves, ending, perft, notation, move views)."""

    # -- the rule sheet -------------------------------------------------------------------

    @abstractmethod
    def compose_sheet(self, sheet: SheetWriter, game: G) -> None:
        """Write the rules of ``game`` as numbered sections (and special rules) on
        ``sheet``, choosing sentences from the switches' values: a sheet says exactly
        what the engine plays."""

    @abstractmethod
    def components(self, sheet: SheetWriter, game: G) -> list[str]:
        """The lines of "What you need" for the pieces (the board's lines are the sheet's)."""

    def catalogue_keys(self) -> Iterable[str]:
        """Every catalogue key some value of some switch can make :meth:`compose_sheet`
        use, so tests can prove each language has them all."""
        return ()

    def catalogue_file(self, lang: str) -> Path | None:
        """A catalogue file (YAML, the layout of ``boardgen/texts/<lang>/catalogue.yaml``)
        holding the family's own sentences in ``lang``, added to boardgen's; None when
        boardgen's catalogue has them (the built-in families) or the language is not
        offered. It may add keys, never change boardgen's."""
        return None

    # -- print and play -------------------------------------------------------------------

    def counters(self, game: G) -> Sequence[CounterNeed]:
        """The counters to print for each player, in print order. By default, a man for
        each setup cell of each player, with spares."""
        spec = game.spec
        return tuple(
            CounterNeed(p.id, "man", len(spec.setup.get(p.id, ())), spares=True) for p in spec.players
        )

    def __repr__(self) -> str:
        return f"<rule family {self.name!r}>"
