"""DRF's own JSONRenderer (json.dumps) instead of orjson (config/renderers.py)."""

from config.settings import *  # noqa: F403
from config.settings import REST_FRAMEWORK

REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}
