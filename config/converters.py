"""Path converters shared by every app's URLs."""

from django.urls.converters import IntConverter


class ObjectId(IntConverter):
    """An object id in a URL: at most 18 digits, which always fits a signed 64-bit id column.

    Django's ``int`` takes any number of digits, and a longer one reaches the database driver,
    which cannot bind it to a bigint. With this converter it is a 404 from the resolver.
    Registered as ``<id:...>`` in config/urls.py.
    """

    regex = "[0-9]{1,18}"
