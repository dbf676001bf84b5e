"""numba for the batch engine, or a clear error naming the extra that installs it.

Every compiled module of :mod:`parlour.batch` takes its decorators from here, so a
missing numba fails once, at import, with the remedy in the message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

MISSING: Final = (
    "parlour.batch needs numba, which the 'fast' extra installs: pip install 'parlour[fast]'"
)

try:
    import numba
except ImportError as error:  # the "fast" extra is not installed
    raise ImportError(MISSING) from error

F = TypeVar("F", bound=Callable[..., Any])
#: Compiled, cached on disk, the GIL released, no reference counting (see :func:`kernel`).
_KERNEL: Final[dict[str, Any]] = {"cache": True, "nogil": True, "_nrt": False}


def kernel(function: F) -> F:
    """Compile ``function`` to machine code, cached on disk, releasing the GIL.

    ``nogil`` lets several Python threads run kernels at once (the runner's threads);
    ``cache`` keeps the compiled code between processes, so only the first run of a new
    version pays the compile time. Kernels allocate nothing: every array, scratch space
    included, comes from the caller, so they are compiled without numba's reference
    counting (``_nrt=False``, an option numba uses for its own allocation-free helpers).
    Its atomic increments and decrements on every array passed to a call measured more
    than half of a random Americana hand's time.
    """
    return cast(F, numba.njit(**_KERNEL)(function))


def inline(function: F) -> F:
    """A small kernel that numba inlines into its callers."""
    return cast(F, numba.njit(**_KERNEL, inline="always")(function))


def uncached(function: F) -> F:
    """Compile without the disk cache: for kernels that take a caller's compiled policy
    as an argument (numba cannot cache those)."""
    return cast(F, numba.njit(nogil=True)(function))


def is_compiled(function: object) -> bool:
    """Whether ``function`` is a numba-compiled function (a valid array policy)."""
    return isinstance(function, numba.core.registry.CPUDispatcher)
