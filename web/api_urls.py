"""The player's own API reads that span the apps (``/api/v1/me/...``)."""

from django.urls import path

from web.api import AttentionView

urlpatterns = [path("attention/", AttentionView.as_view(), name="me-attention")]
