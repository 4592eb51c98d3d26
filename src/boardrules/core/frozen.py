"""An immutable, hashable mapping compared by value, and a fast maker of frozen states."""

from __future__ import annotations

import typing
from collections.abc import Callable, ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import Any, TypeVar

import attrs

__all__ = ["FrozenMap", "builder"]

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """``cls(*fields)`` made faster, for a frozen slotted ``attrs`` class that games build
    on every step (a state): every field given, in field order.

    ``attrs`` writes the ``__init__`` of a frozen slotted class as one call of
    ``object.__setattr__`` per field, and under CPython 3.11 each costs about 1k
    instructions. The maker returned here is a plain (not frozen) ``attrs`` twin of ``cls``
    with the same slots, whose ``__init__`` stores the fields plainly and then turns the
    object into a ``cls`` (``__class__`` assignment, which Python allows between classes of
    the same layout). The result is a ``cls`` like any other, frozen from then on. ``cls``
    must run nothing in ``__init__`` besides setting its fields (no validators, converters
    or ``__attrs_post_init__``), and have no ``__weakref__`` slot
    (``attrs.frozen(weakref_slot=False)``: CPython refuses the assignment when that slot
    follows the fields); otherwise ``TypeError``.

    >>> import attrs
    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> make = builder(Point)
    >>> make(1, 2), make(1, 2) == Point(1, 2), type(make(1, 2)) is Point
    (Point(x=1, y=2), True, True)
    """
    kind: Any = cls  # any class: whether it is an attrs class is asked at run time
    fields = attrs.fields(kind)
    slots = getattr(cls, "__slots__", None)
    plain = all(
        f.init and f.validator is None and f.converter is None and f.on_setattr is None
        for f in fields
    )
    own_init = any(hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__"))
    # The twin has the class's own bases (``Generic[...]`` included), for Python allows
    # ``__class__`` assignment only between classes on the same base; bases that hold
    # fields or run code of their own are not supported.
    simple = all(k is object or k is typing.Generic for k in cls.__mro__[1:])
    if (not plain or own_init or not simple or slots is None or "__weakref__" in slots
            or "__dict__" in slots or tuple(slots) != tuple(f.name for f in fields)):
        raise TypeError(f"builder needs a plain frozen slotted attrs class without a "
                        f"__weakref__ slot, not {cls.__name__}")

    def turn_into_cls(self: Any) -> None:
        self.__class__ = cls

    twin: Callable[..., T] = attrs.make_class(
        f"{cls.__name__}Draft",
        {f.name: attrs.field() for f in fields},
        bases=tuple(cls.__dict__.get("__orig_bases__", cls.__bases__)),
        slots=True, weakref_slot=False, eq=False, order=False, repr=False, hash=False,
        frozen=False, cache_hash=False, init=True,
        # attrs runs this last in the twin's __init__: the fields are set, the object
        # becomes a ``cls``.
        class_body={"__attrs_post_init__": turn_into_cls},
    )
    return twin


class FrozenMap(Mapping[K, V]):
    """A read-only mapping that keeps insertion order and hashes by value.

    >>> m = FrozenMap({"cards": 12, "trump": -1})
    >>> m["trump"], len(m), m == {"cards": 12, "trump": -1}
    (-1, 2, True)
    >>> m
    FrozenMap({'cards': 12, 'trump': -1})
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(items)
        self._hash: int | None = None

    @classmethod
    def adopt(cls, data: dict[K, V]) -> FrozenMap[K, V]:
        """A map over ``data`` itself, without copying it: the caller hands ``data`` over
        and never changes it again (for code that has just built the dict).

        >>> FrozenMap.adopt({"a": 1}) == FrozenMap({"a": 1})
        True
        """
        made: FrozenMap[K, V] = cls.__new__(cls)
        # The class filling its own slots on the instance it has just made.
        object.__setattr__(made, "_data", data)
        object.__setattr__(made, "_hash", None)
        return made

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Slots without __getstate__ do not pickle with protocols 0 and 1; rebuild from items.
        return (type(self), (dict(self._data),))

    def thaw(self) -> dict[K, V]:
        """A new plain ``dict`` with the same items, to change and freeze again.

        Much faster than ``dict(frozen_map)``, which asks for every key through the
        ``Mapping`` protocol.

        >>> m = FrozenMap({"a": 1})
        >>> d = m.thaw()
        >>> d["b"] = 2
        >>> m, d
        (FrozenMap({'a': 1}), {'a': 1, 'b': 2})
        """
        return self._data.copy()

    def lookup(self) -> Callable[[K], V]:
        """``m[key]`` as a built-in function of ``key``, for hot loops.

        The same answers (``KeyError`` for a missing key) without a Python-level call per
        lookup; it cannot change the map.

        >>> get = FrozenMap({"a": 1}).lookup()
        >>> get("a")
        1
        """
        return self._data.__getitem__

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    # The dict's own read-only views and lookups, rather than the Mapping mix-ins that ask
    # for every key through __getitem__ (summaries walk many small maps).
    def __contains__(self, key: object) -> bool:
        return key in self._data

    def get(self, key: K, default: Any = None) -> Any:
        return self._data.get(key, default)

    def keys(self) -> KeysView[K]:
        return self._data.keys()

    def values(self) -> ValuesView[V]:
        return self._data.values()

    def items(self) -> ItemsView[K, V]:
        return self._data.items()

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._data.items()) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"
