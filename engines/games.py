"""Every game module, imported once so that each registers itself."""

from engines import kitten_fishing  # noqa: F401
