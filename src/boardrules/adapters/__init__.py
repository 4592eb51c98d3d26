"""Adapters to other ecosystems (optional extras)."""
