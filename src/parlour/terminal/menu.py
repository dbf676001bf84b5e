"""The legal choices as a menu: labelled options, each with a key, and how to size or pick.

The games' modules build :class:`Option` values from the engine's legal choices; the
terminal modes show them, read a key (or a word), ask for a size or a set of cards when
the option needs one, validate it here, and build the engine action. Nothing here decides
legality: an option exists only because the engine listed its choice.

Enter (an empty answer) takes only a choice that costs nothing and gives nothing up:
check, stay, or keeping every soldier. Facing a bet there is no such choice, so Enter
does nothing and the player must press fold, call or raise: a hand is never folded by a
key pressed to go on. A size with one allowed value (a limit raise) is not asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from parlour.cards import Card, format_cards, parse_cards
from parlour.i18n import N_, Nn_, _, _n
from parlour.terminal.scene import group_words

#: Keys the terminal keeps for itself, never given to an option.
RESERVED_KEYS = frozenset("q")


@dataclass(frozen=True, slots=True)
class SizeRange:
    """The sizes an option allows: ``low`` to ``high`` inclusive, and 0 too when ``zero_ok``.

    ``word`` says what the number means (``to`` a total, an ``extra``, a raise ``by``).
    """

    low: int
    high: int
    word: str
    zero_ok: bool = False

    def describe(self) -> str:
        """The allowed sizes in words, ``4 to 40`` or ``0, or 4 to 40``."""
        span = (
            str(self.low)
            if self.low == self.high
            else _("{low} to {high}", low=self.low, high=self.high)
        )
        return _("0, or {span}", span=span) if self.zero_ok else span

    def allows(self, amount: int) -> bool:
        """Whether ``amount`` is one of the allowed sizes."""
        return self.low <= amount <= self.high or (self.zero_ok and amount == 0)

    @property
    def fixed(self) -> bool:
        """Whether only one size is allowed (a limit raise): nothing to ask."""
        return self.low == self.high and not self.zero_ok

    @property
    def least(self) -> int:
        """The size an empty answer takes: 0 when allowed, else the minimum."""
        return 0 if self.zero_ok else self.low


@dataclass(frozen=True, slots=True)
class CardPick:
    """A choice of some of ``cards``: at least ``least`` and at most ``most`` of them."""

    cards: tuple[Card, ...]
    least: int
    most: int

    def describe(self) -> str:
        """How many cards to pick, in words."""
        if self.least == self.most:
            return _("exactly {n}", n=self.least)
        return _("{low} to {high}", low=self.least, high=self.most)

    def check(self, picked: Sequence[Card]) -> str | None:
        """``None`` when ``picked`` is allowed, else a message saying what is."""
        foreign = [c for c in picked if c not in self.cards]
        if foreign:
            return _(
                "{cards} not among {all}", cards=format_cards(foreign), all=format_cards(self.cards)
            )
        if not self.least <= len(picked) <= self.most:
            return _(
                "pick {range} of {cards}, not {n}",
                range=self.describe(),
                cards=format_cards(self.cards),
                n=len(picked),
            )
        return None

    def parse(self, text: str) -> tuple[Card, ...]:
        """Cards typed as notation (``7h 9c``), or as 1-based positions (``1 3``).

        Raises ``ValueError`` with a message to show when the text is not understood or
        the pick is not allowed.
        """
        tokens = text.replace(",", " ").split()
        if tokens and all(t.isdigit() for t in tokens):
            positions = [int(t) for t in tokens]
            if any(not 1 <= p <= len(self.cards) for p in positions):
                raise ValueError(_("positions go from 1 to {last}", last=len(self.cards)))
            if len(set(positions)) != len(positions):
                raise ValueError(_("a position is given twice"))
            picked = tuple(self.cards[p - 1] for p in positions)
        else:
            picked = parse_cards(tokens)
        problem = self.check(picked)
        if problem:
            raise ValueError(problem)
        return picked


#: Builds the engine action from the chosen size (0 when none) and the picked cards.
Maker = Callable[[int, tuple[Card, ...]], Any]


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice as the terminal offers it."""

    key: str
    label: str
    make: Maker
    size: SizeRange | None = None
    pick: CardPick | None = None
    word: str = ""
    #: Options shown together under one heading (``attack``), each by its ``short`` label.
    group: str = ""
    short: str = ""

    @property
    def asks_size(self) -> bool:
        """Whether the player must choose a size (more than one is allowed)."""
        return self.size is not None and not self.size.fixed

    @property
    def name(self) -> str:
        """The word a player may type instead of the key (``fold``, ``raise``)."""
        return self.word or self.label.split()[0].lower()

    @property
    def spoken(self) -> str:
        """How the option is named to the player: its typed word when the label starts with
        it (English), else the label in the player's language."""
        words = self.label.split()
        return self.name if words and words[0].lower() == self.name else self.label

    def build(self, amount: int = 0, cards: tuple[Card, ...] = ()) -> Any:
        """The engine action for this option, after checking the size and the cards.

        Raises ``ValueError`` with a message to show when either is not allowed.
        """
        size = self.size
        if size is not None and size.fixed:
            amount = size.low
        if size is not None and not size.allows(amount):
            raise ValueError(
                _("you can {asked}, not {amount}", asked=size_words(self, size), amount=amount)
            )
        if self.pick is not None:
            problem = self.pick.check(cards)
            if problem:
                raise ValueError(problem)
        return self.make(amount, cards)


#: The only choices Enter may take: free (or the forced bring-in), giving nothing up.
SAFE_WORDS = ("check", "stay", "keep", "bring")


@dataclass(frozen=True, slots=True)
class Menu:
    """The options of one decision, with keys assigned, and the one Enter takes (if any)."""

    options: tuple[Option, ...]
    default: int | None = None

    @classmethod
    def of(cls, options: Iterable[Option], default_words: Sequence[str] = SAFE_WORDS) -> Menu:
        """Give each option a distinct key and pick the default.

        An option keeps its preferred key when free; otherwise it gets the first free
        digit, then letter. The default is the first option whose word is among
        ``default_words``, in that order; with none of them, Enter takes nothing.
        """
        keyed = _assign_keys(list(options))
        default = None
        for word in default_words:
            found = [i for i, o in enumerate(keyed) if o.name == word]
            if found:
                default = found[0]
                break
        return cls(tuple(keyed), default)

    @classmethod
    def of_safe(cls, options: Iterable[Option], safe: Any) -> Menu:
        """The menu of ``options`` whose default makes ``safe``, the game's safe default
        move (:attr:`parlour.games.meta.GameMeta.default_action`: check or stay when free,
        keep every soldier after a Buy), unless that move gives the hand up: facing a bet
        the safe move is a fold, and Enter must never fold, so then Enter takes nothing.
        """
        keyed = _assign_keys(list(options))
        default = None
        if getattr(safe, "do", "fold") != "fold":
            default = next((i for i, o in enumerate(keyed) if _makes(o, safe)), None)
        return cls(tuple(keyed), default)

    @classmethod
    def of_choices(cls, choices: Sequence[Any], options: Iterable[Option], safe: Any) -> Menu:
        """The menu of ``options`` (one per legal choice, in order) whose default is the
        choice allowing ``safe``, the game's safe default move, unless it is a fold (see
        :meth:`of_safe`)."""
        keyed = _assign_keys(list(options))
        default = None
        if getattr(safe, "do", "fold") != "fold":
            default = next((i for i, c in enumerate(choices) if c.allows(safe)), None)
        return cls(tuple(keyed), default)

    @property
    def default_option(self) -> Option | None:
        """The option an empty answer takes (``None``: Enter takes nothing here)."""
        return None if self.default is None else self.options[self.default]

    def enter_hint(self) -> str:
        """What Enter does now, in words for the choice bar and the prompt."""
        option = self.default_option
        if option is not None:
            return _("Enter: {choice}", choice=option.label)
        return _(
            "Enter does nothing here: choose {choices}",
            choices=_listed(
                [f"{o.spoken} ({o.key})" for o in self.options if not o.group]
                + sorted(
                    {
                        _("{group} (a seat's key)", group=group_words(o.group))
                        for o in self.options
                        if o.group
                    }
                )
            ),
        )

    def find(self, token: str) -> Option | None:
        """The option with this key, or named by this word, or ``None``."""
        text = token.strip().lower()
        for option in self.options:
            if text == option.key:
                return option
        named = [o for o in self.options if o.name == text]
        return named[0] if len(named) == 1 else None


def _makes(option: Option, action: Any) -> bool:
    """Whether ``option``, taken with no size and no cards, is ``action``."""
    if option.asks_size or option.pick is not None:
        return False
    try:
        return bool(option.build() == action)
    except ValueError:
        return False


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{head} or {last}", head=", ".join(items[:-1]), last=items[-1])


#: How a size is asked for, by the option's typed word and what the number means.
SIZE_HEADS: Final = {
    ("bet", "to"): N_("bet to"),
    ("raise", "to"): N_("raise to"),
    ("raise", "by"): N_("raise by"),
    ("bet", "extra"): N_("bet extra"),
}


def size_head(option: Option, size: SizeRange) -> str:
    """What the number asked for does (``raise to``), in the current language."""
    head = SIZE_HEADS.get((option.name, size.word))
    return f"{option.name} {size.word}" if head is None else _(head)


def size_words(option: Option, size: SizeRange) -> str:
    """The size an option asks for, in words (``raise to 4 to 40``)."""
    return f"{size_head(option, size)} {size.describe()}"


#: What a pick of soldiers does, by the option's typed word.
PICK_PHRASES: Final = {
    "discard": Nn_("discard {n} soldier", "discard {n} soldiers"),
    "trim": Nn_("trim {n} soldier", "trim {n} soldiers"),
}


def pick_words(option: Option, count: int) -> str:
    """What Enter does with ``count`` soldiers picked (``discard 2 soldiers``)."""
    forms = PICK_PHRASES.get(option.name)
    if forms is None:
        return f"{option.name} {count}"
    return _n(forms[0], forms[1], count)


def _assign_keys(options: list[Option]) -> list[Option]:
    taken: set[str] = set(RESERVED_KEYS)
    keyed: list[Option | None] = [None] * len(options)
    for i, option in enumerate(options):
        if option.key and option.key not in taken:
            taken.add(option.key)
            keyed[i] = option
    spare = (k for k in "123456789abcdeghijlmnoptuvwxyz" if k not in taken)
    for i, option in enumerate(options):
        if keyed[i] is None:
            key = next(spare)
            taken.add(key)
            keyed[i] = replace(option, key=key)
    return [o for o in keyed if o is not None]
