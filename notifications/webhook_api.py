"""Campaigns' and leagues' webhooks over the API (docs/api.md, "Webhooks"): their organisers
add, list, pause-resume and remove them and read the delivery log."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from notifications import access, owners, webhooks
from notifications.models import Webhook, WebhookDelivery


class WebhookSerializer(serializers.ModelSerializer):
    paused = serializers.SerializerMethodField()

    class Meta:
        model = Webhook
        fields = ["id", "url", "format", "created_at", "failures", "paused", "paused_at"]

    def get_paused(self, hook: Webhook) -> bool:
        return hook.paused_at is not None


class NewWebhookSerializer(WebhookSerializer):
    secret = serializers.CharField(help_text="Shown this once: it signs every body.")

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]


class WebhookInputSerializer(serializers.Serializer):
    url = serializers.CharField()
    format = serializers.ChoiceField(choices=Webhook.Format.choices)


class DeliverySerializer(serializers.ModelSerializer):
    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "event",
            "key",
            "status",
            "attempts",
            "last_status",
            "last_error",
            "next_try_at",
            "created_at",
            "delivered_at",
        ]


def _owner(kind: str, pk: int):
    return {kind: get_object_or_404(owners.model(kind), pk=pk)}


class OwnerWebhooksView(APIView):
    kind = "campaign"

    @extend_schema(tags=["webhooks"], responses=WebhookSerializer(many=True))
    def get(self, request, pk: int):
        owner = _owner(self.kind, pk)
        access.require_manage_webhooks(user=request.user, **owner)
        rows = Webhook.objects.filter(**owner).order_by("id")
        return Response(WebhookSerializer(rows, many=True).data)

    @extend_schema(
        tags=["webhooks"],
        request=WebhookInputSerializer,
        responses={201: NewWebhookSerializer},
        summary="Add a webhook (its secret is in this answer only)",
    )
    def post(self, request, pk: int):
        owner = _owner(self.kind, pk)
        data = request.data if isinstance(request.data, dict) else {}
        hook, secret = webhooks.add_webhook(
            actor=request.user, url=data.get("url"), format=data.get("format"), **owner
        )
        body = {**WebhookSerializer(hook).data, "secret": secret}
        return Response(body, status=status.HTTP_201_CREATED)


class LeagueWebhooksView(OwnerWebhooksView):
    kind = "league"


def _webhook(request, pk: int) -> Webhook:
    hook = get_object_or_404(Webhook.objects.select_related("campaign", "league"), pk=pk)
    access.require_manage_webhooks(user=request.user, campaign=hook.campaign, league=hook.league)
    return hook


class WebhookView(APIView):
    @extend_schema(tags=["webhooks"], responses={204: None}, summary="Remove a webhook")
    def delete(self, request, pk: int):
        webhooks.remove_webhook(actor=request.user, webhook=_webhook(request, pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ResumeWebhookView(APIView):
    @extend_schema(
        tags=["webhooks"], request=None, responses=WebhookSerializer, summary="Resume a webhook"
    )
    def post(self, request, pk: int):
        hook = webhooks.resume_webhook(actor=request.user, webhook=_webhook(request, pk))
        return Response(WebhookSerializer(hook).data)


class PauseWebhookView(APIView):
    @extend_schema(
        tags=["webhooks"], request=None, responses=WebhookSerializer, summary="Pause a webhook"
    )
    def post(self, request, pk: int):
        hook = webhooks.pause_webhook(actor=request.user, webhook=_webhook(request, pk))
        return Response(WebhookSerializer(hook).data)


class DeliveriesView(ListAPIView):
    serializer_class = DeliverySerializer
    filter_backends: list = []

    @extend_schema(tags=["webhooks"], summary="A webhook's delivery log, newest first")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        hook = _webhook(self.request, self.kwargs["pk"])
        return hook.deliveries.order_by("-id")
