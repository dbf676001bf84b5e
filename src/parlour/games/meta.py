"""What a game is, in one place: seats, options, stakes, bots, keys and the parts that show it.

Each game package exposes one :class:`GameMeta` (``parlour.games.americana.META``). Every
surface that needs a fact about a game reads it here: the registry, the command line's
choices and flags, option validation (records, the lobby, the terminal), the server's
``GET /api/games``, the narrator, the bots, the safe default move of a clock expiry. Adding
a game, or an option, touches the game's package and nothing else.

Parts that live in higher layers (the narrator, the bots, the terminal's screen, the text
history) are named by :class:`Ref` and imported only when used, so imports still point one
way (ARCHITECTURE.md) while the facts keep one home.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from parlour.cards import Card
from parlour.errors import OptionError
from parlour.i18n.message import N_

if TYPE_CHECKING:
    from parlour.games.protocol import Action, Choice

OptionKind = Literal["int", "choice", "bool"]
OptionValue = int | str | bool


@dataclass(frozen=True, slots=True)
class Ref:
    """A module attribute named as ``"package.module:attribute"``, imported on first use."""

    path: str

    def __post_init__(self) -> None:
        module, colon, attribute = self.path.partition(":")
        if not (module and colon and attribute):
            raise ValueError(f"a reference is 'package.module:attribute', got {self.path!r}")

    def load(self) -> Any:
        """The attribute (its module is imported now if it was not yet)."""
        module, _, attribute = self.path.partition(":")
        found: Any = importlib.import_module(module)
        for part in attribute.split("."):
            found = getattr(found, part)
        return found


@dataclass(frozen=True, slots=True)
class SeatRange:
    """How many players a table of the game seats (P-1, A-1)."""

    min: int
    max: int

    def __contains__(self, players: object) -> bool:
        return isinstance(players, int) and self.min <= players <= self.max

    def describe(self) -> str:
        """``2 to 6``."""
        return f"{self.min} to {self.max}"


@dataclass(frozen=True, slots=True)
class Derived:
    """A default computed from another option: ``floor(source x numerator / denominator)``.

    ``rule`` says it in the rulebook's words (``2 x ante``, ``floor(small_bet / 2)``).
    """

    source: str
    numerator: int
    denominator: int
    rule: str

    def value(self, source: int) -> int:
        """The default for a ``source`` option of this value."""
        return source * self.numerator // self.denominator

    @property
    def factor(self) -> float | int:
        """The multiplier a client applies before rounding down (an int when whole)."""
        if self.numerator % self.denominator == 0:
            return self.numerator // self.denominator
        return self.numerator / self.denominator


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option: its type, default (or derived default), limits and words."""

    name: str
    kind: OptionKind
    label: str
    help: str = ""
    default: OptionValue | None = None
    derived: Derived | None = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    choice_labels: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if (self.default is None) == (self.derived is None):
            raise ValueError(f"option {self.name}: give a default or a derived default, not both")
        if self.kind == "choice" and self.default is not None and self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not a choice")

    @property
    def flag(self) -> str:
        """The command-line flag (``--bring-in``)."""
        return "--" + self.name.replace("_", "-")

    def check(self, value: object) -> OptionValue:
        """``value`` if this option allows it; otherwise :class:`OptionError` saying what does."""
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                allowed = ", ".join(self.choices)
                raise OptionError(f"option {self.name} must be one of {allowed}, got {value!r}")
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name} must be true or false, got {value!r}")
            return value
        low, high = self.minimum, self.maximum
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            raise OptionError(f"option {self.name} must be {self.describe_range()}, got {value!r}")
        return value

    def describe_range(self) -> str:
        """The integers allowed, in words (``a positive integer``, ``an integer from 1 to 9``)."""
        low, high = self.minimum, self.maximum
        if high is None:
            if low == 1:
                return "a positive integer"
            if low == 0:
                return "a non-negative integer"
            return "an integer" if low is None else f"an integer of at least {low}"
        return f"an integer from {low} to {high}" if low is not None else f"an integer up to {high}"

    def describe_default(self) -> str:
        """The default in words (``limit``, ``2 x ante``, ``false``)."""
        if self.derived is not None:
            return self.derived.rule
        if isinstance(self.default, bool):
            return "true" if self.default else "false"
        return str(self.default)

    def to_json(self) -> dict[str, Any]:
        """The option as ``GET /api/games`` lists it (CONTRACTS.md section 1)."""
        out: dict[str, Any] = {"name": self.name, "type": self.kind, "default": self.default}
        if self.derived is not None:
            out["default_rule"] = self.derived.rule
            out["derived_from"] = self.derived.source
            out["factor"] = self.derived.factor
            out["rounding"] = "down"
        if self.kind == "int":
            out["min"], out["max"] = self.minimum, self.maximum
        if self.kind == "choice":
            out["choices"] = list(self.choices)
            if self.choice_labels:
                out["choice_labels"] = dict(self.choice_labels)
        out["label"] = self.label
        if self.help:
            out["help"] = self.help
        return out


@dataclass(frozen=True, slots=True)
class Constraint:
    """A check across options, refused with a sentence a host understands."""

    code: str
    text: str
    holds: Callable[[Mapping[str, Any]], bool]

    def to_json(self) -> dict[str, str]:
        """``{"code": ..., "text": ...}``: the code lets a client translate the sentence."""
        return {"code": self.code, "text": self.text}


#: Picks the safe default move of a seat from its legal choices (a clock expiry, a sit-out).
DefaultAction = Callable[[Sequence["Choice"], int], "Action"]


@dataclass(frozen=True, slots=True)
class GameMeta:
    """Every fact about a game that more than one part of parlour needs.

    ``engine`` is the module implementing :class:`parlour.games.protocol.Game`. The
    :class:`Ref` fields name the game's parts in higher layers: its ``narrator``
    (events in words), ``notes`` (what a viewer's cards are worth), ``history`` (a
    replayed hand as text), ``terminal`` (the terminal's screen) and one bot class per
    kind in ``bots``. ``min_stack_option`` names the option a stack must cover to be dealt
    in (the ante, A-10 and P-8; one chip at least). ``default_action`` is the safe move a
    clock expiry or a sitting-out player makes (check or stay when free, else fold; a
    forced trim keeps the best soldiers).
    """

    name: str
    title: str
    engine: str
    seats: SeatRange
    options: tuple[OptionSpec, ...]
    deck: tuple[Card, ...]
    ranking: str
    default_action: DefaultAction
    narrator: Ref
    history: Ref
    bots: tuple[tuple[str, Ref], ...]
    keys: tuple[tuple[str, str], ...]
    constraints: tuple[Constraint, ...] = ()
    min_stack_option: str = "ante"
    notes: Ref | None = None
    terminal: Ref | None = None
    rules_url: str = ""
    _index: dict[str, OptionSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {spec.name: spec for spec in self.options}
        if len(index) != len(self.options):
            raise ValueError(f"{self.name}: two options share a name")
        for spec in self.options:
            if spec.derived is not None and spec.derived.source not in index:
                raise ValueError(f"{self.name}: {spec.name} derives from an unknown option")
        if self.min_stack_option not in index:
            raise ValueError(f"{self.name}: min_stack_option names no option")
        object.__setattr__(self, "_index", index)

    # Options.

    @property
    def option_names(self) -> tuple[str, ...]:
        """Every option, in the order records list them."""
        return tuple(spec.name for spec in self.options)

    def option(self, name: str) -> OptionSpec:
        """The option called ``name``; ``KeyError`` when the game has none."""
        return self._index[name]

    @property
    def structures(self) -> tuple[str, ...]:
        """The betting structures the game offers (the choices of ``structure``)."""
        return self._index["structure"].choices if "structure" in self._index else ()

    def resolve(self, data: object) -> dict[str, Any]:
        """Every option's value: those given, checked, and the defaults of the rest.

        Raises :class:`OptionError` naming an unknown option, a bad value and the values
        allowed, or a broken cross-option constraint in a sentence. An option left out
        takes its default, derived ones from their source's value; ``null`` is refused
        (HAND-RECORD.md: a default is asked for by leaving the option out).
        """
        given = self._known(data)
        values: dict[str, Any] = {}
        for spec in self.options:
            if spec.name in given:
                values[spec.name] = spec.check(given[spec.name])
        for spec in self.options:
            if spec.name not in values:
                values[spec.name] = self._default(spec, values)
        values = {name: values[name] for name in self.option_names}
        broken = [c for c in self.constraints if not c.holds(values)]
        if broken:
            raise OptionError(" ".join(c.text for c in broken))
        return values

    def min_stack(self, options: Mapping[str, Any]) -> int:
        """The fewest chips that get a player dealt in: the ante, and one chip at least."""
        return max(1, int(options[self.min_stack_option]))

    # Wire form.

    def to_json(self) -> dict[str, Any]:
        """The game as ``GET /api/games`` lists it (CONTRACTS.md section 1)."""
        return {
            "name": self.name,
            "title": self.title,
            "seats": {"min": self.seats.min, "max": self.seats.max},
            "structures": list(self.structures),
            "options": [spec.to_json() for spec in self.options],
            "constraints": [c.to_json() for c in self.constraints],
            "bots": [kind for kind, _ in self.bots],
            "min_stack_rule": self.min_stack_option,
            "keys": dict(self.keys),
            "rules_url": self.rules_url,
        }

    # Parts in higher layers.

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        """The kinds of bot that play this game, weakest first."""
        return tuple(kind for kind, _ in self.bots)

    def bot_class(self, kind: str) -> Any:
        """The class of the ``kind`` bot; ``ValueError`` naming the kinds there are."""
        for known, ref in self.bots:
            if known == kind:
                return ref.load()
        raise ValueError(
            f"unknown bot {kind!r} for {self.name}; known bots: {', '.join(self.bot_kinds)}"
        )

    # Helpers.

    def _known(self, data: object) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            raise OptionError(f"options must be an object, got {data!r}")
        names = self.option_names
        unknown = sorted(str(name) for name in set(data) - set(names))
        if unknown:
            raise OptionError(
                f"unknown {self.title} option(s) {', '.join(unknown)}; known: {', '.join(names)}"
            )
        empty = sorted(str(name) for name, value in data.items() if value is None)
        if empty:
            raise OptionError(
                f"option(s) {', '.join(empty)} are null; give a value or leave them out for "
                "the default"
            )
        return dict(data)

    def _default(self, spec: OptionSpec, values: Mapping[str, Any]) -> Any:
        if spec.derived is None:
            return spec.default
        source = values.get(spec.derived.source)
        if source is None:
            source = self._default(self._index[spec.derived.source], values)
        return spec.check(spec.derived.value(int(source)))


#: The structure option's words, shared by both games' choice labels.
STRUCTURE_LABELS: Final[Mapping[str, str]] = {
    "limit": N_("Limit"),
    "pot_limit": N_("Pot limit"),
    "no_limit": N_("No limit"),
}
