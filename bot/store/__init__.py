"""Persistence: SQLAlchemy models, the Database handle and Alembic migrations."""

from bot.store.database import Database, alembic_config, head_revision, mask_url

__all__ = ["Database", "alembic_config", "head_revision", "mask_url"]
