"""``/api/v1/me/notifications/...`` and ``/api/v1/me/notification-settings/``: a person's own
inbox and email choices (docs/api.md, "Notifications")."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from notifications import selectors, services
from notifications.errors import NotificationError
from notifications.models import Category, Notification, Preference
from notifications.texts import render


class NotificationSerializer(serializers.ModelSerializer):
    text = serializers.SerializerMethodField(help_text="In the request's language.")
    read = serializers.SerializerMethodField()

    class Meta:
        model = Notification
        fields = [
            "id",
            "category",
            "kind",
            "text",
            "params",
            "link",
            "created_at",
            "read_at",
            "read",
        ]

    def get_text(self, row: Notification) -> str:
        return render(row.kind, row.params)

    def get_read(self, row: Notification) -> bool:
        return row.read_at is not None


def _unread_filter(request) -> bool:
    raw = request.query_params.get("unread")
    if raw is None or raw == "":
        return False
    if raw.lower() in {"true", "1"}:
        return True
    if raw.lower() in {"false", "0"}:
        return False
    raise NotificationError("unread is true or false.", field="unread")


class NotificationListView(ListAPIView):
    serializer_class = NotificationSerializer
    filter_backends: list = []

    @extend_schema(
        tags=["notifications"],
        operation_id="me_notifications_list",
        parameters=[OpenApiParameter("unread", bool, description="Only the unread ones.")],
        summary="My notifications, newest first",
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return selectors.inbox(user=self.request.user, unread_only=_unread_filter(self.request))


class UnreadCountView(APIView):
    @extend_schema(
        tags=["notifications"],
        operation_id="me_notifications_unread",
        responses=inline_serializer("UnreadCount", {"count": serializers.IntegerField()}),
        summary="How many notifications I have not read (the header's count)",
    )
    def get(self, request):
        count, _language = selectors.unread_and_language(user_id=request.user.pk)
        return Response({"count": count})


class MarkReadView(APIView):
    @extend_schema(
        tags=["notifications"],
        operation_id="me_notifications_read",
        request=None,
        responses=NotificationSerializer,
        summary="Mark one notification read (again: no change)",
    )
    def post(self, request, notification_id: int):
        row = services.mark_read(user=request.user, notification_id=notification_id)
        return Response(NotificationSerializer(row).data)


class ReadAllView(APIView):
    @extend_schema(
        tags=["notifications"],
        operation_id="me_notifications_read_all",
        request=None,
        responses=inline_serializer("ReadAll", {"marked": serializers.IntegerField()}),
        summary="Mark every notification read",
    )
    def post(self, request):
        return Response({"marked": services.mark_all_read(user=request.user)})


EMAIL_CHOICES = inline_serializer(
    "NotificationSettings",
    {
        "email": inline_serializer(
            "EmailChoices",
            {c.value: serializers.ChoiceField(choices=Preference.Email.choices) for c in Category},
        )
    },
)


class SettingsView(APIView):
    @extend_schema(
        tags=["notifications"],
        operation_id="me_notification_settings",
        responses=EMAIL_CHOICES,
        summary="My email choice per category: immediately, daily (a digest) or never",
    )
    def get(self, request):
        return Response({"email": services.email_choices(user=request.user)})

    @extend_schema(
        tags=["notifications"],
        operation_id="me_notification_settings_update",
        request=EMAIL_CHOICES,
        responses=EMAIL_CHOICES,
        summary="Change my email choices (the categories sent; the others stay)",
    )
    def put(self, request):
        choices = request.data.get("email") if isinstance(request.data, dict) else None
        if choices is None:
            raise NotificationError(
                'Send {"email": {"category": "immediately" | "daily" | "never"}}.', field="email"
            )
        try:
            email = services.set_email_choices(user=request.user, choices=choices)
        except NotificationError as exc:
            if exc.many:
                exc.many = {f"email.{k}": v for k, v in exc.many.items()}
            else:
                exc.field = "email"
            raise
        return Response({"email": email})
