"""Persistence: SQLAlchemy models, the Database handle and Alembic migrations."""

from bot.store.database import Database, mask_url
from bot.store.migrations import alembic_config, head_revision

__all__ = ["Database", "alembic_config", "head_revision", "mask_url"]
