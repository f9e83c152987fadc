import uuid

from django.conf import settings
from django.db import models


class Job(models.Model):
    """A long Celery job whose state and progress clients can poll at ``/api/v1/tasks/{id}/``.

    We keep this in PostgreSQL rather than in a Celery result backend: it survives broker
    restarts, works the same in-process and on a worker, and can say who may read it.
    """

    class State(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        SUCCEEDED = "succeeded"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=100)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="jobs",
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    message = models.TextField(blank=True)
    result = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.name} ({self.state})"

    @property
    def progress(self) -> float:
        """done / total, the same numbers the client reads (a finished job has done == total)."""
        if not self.total:
            return 1.0 if self.state == self.State.SUCCEEDED else 0.0
        return round(min(self.done, self.total) / self.total, 3)
