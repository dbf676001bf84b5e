"""numba for the batch engine, or a clear error naming the extra that installs it.

Every compiled module of :mod:`parlour.batch` takes its decorators from here, so a
missing numba fails once, at import, with the remedy in the message.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar, cast

MISSING: Final = (
    "parlour.batch needs numba, which the 'fast' extra installs: pip install 'parlour[fast]'"
)

try:
    import numba
    from numba.core.ccallback import CFunc
    from numba.core.registry import CPUDispatcher
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


#: What an array policy is: ``row = policy(observation, mask, state)``.
POLICY_SIGNATURE: Final = numba.types.int64(
    numba.types.float32[::1], numba.types.int8[::1], numba.types.uint64[::1]
)


def policy_function(policy: object) -> Any:
    """A caller's array policy as a first-class compiled function of the fixed signature.

    The loops take it as a function pointer of one type whatever the policy, so they are
    compiled once and cached like every other kernel (a numba dispatcher as an argument
    would make each policy compile the loops again, in every process). A ``@numba.njit``
    policy is compiled once more as a ``cfunc`` of that signature; a ``cfunc`` of it is
    taken as it is. ``ValueError`` for anything else.
    """
    if isinstance(policy, CFunc):
        if getattr(policy, "_sig", None) != POLICY_SIGNATURE:  # where numba keeps it
            raise ValueError(f"an array policy cfunc must have the signature {POLICY_SIGNATURE}")
        return policy
    if not isinstance(policy, CPUDispatcher):
        raise ValueError(
            "an array policy must be a numba-compiled function (@numba.njit) of "
            "(observation, mask, state) returning a row"
        )
    return numba.cfunc(POLICY_SIGNATURE, cache=True)(policy.py_func)


def refresh_cache(package: Path, sample: object) -> None:
    """Drop the package's compiled kernels from numba's disk cache when any of its source
    files changed since they were compiled.

    numba keys a cached kernel on its own file only: a kernel whose callee in another file
    changed would load stale machine code (at worst writing past an array that shrank).
    The package's kernels call each other across files, so one fingerprint of all its
    sources guards them all. ``sample`` is any kernel of the package (it names the cache
    folder numba uses). Called at import, before any kernel is compiled or loaded.
    """
    sources = sorted(package.glob("*.py"))
    digest = hashlib.sha256()
    for path in sources:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    fingerprint = digest.hexdigest()
    cache = getattr(getattr(sample, "_cache", None), "_cache_path", None)
    if cache is None:
        return
    folder = Path(cache)
    stamp = folder / "parlour-batch.stamp"
    try:
        if stamp.read_text() == fingerprint:
            return
    except OSError:
        pass
    modules = {path.stem for path in sources}
    for entry in folder.glob("*.nb[ic]"):
        if entry.name.split(".", 1)[0] in modules:
            entry.unlink(missing_ok=True)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stamp.write_text(fingerprint)
    except OSError:
        pass  # a read-only cache: numba recompiles, nothing stale is loaded either way


def is_compiled(function: object) -> bool:
    """Whether ``function`` is a numba-compiled function (a valid array policy)."""
    return isinstance(function, CPUDispatcher | CFunc)
