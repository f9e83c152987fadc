from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import RetrieveAPIView

from jobs.models import Job


class JobSerializer(serializers.ModelSerializer):
    progress = serializers.FloatField(read_only=True)

    class Meta:
        model = Job
        fields = [
            "id",
            "name",
            "state",
            "done",
            "total",
            "progress",
            "message",
            "result",
            "created_at",
            "updated_at",
        ]


@extend_schema(tags=["tasks"])
class JobDetail(RetrieveAPIView):
    serializer_class = JobSerializer

    def get_queryset(self):
        # Staff see every job; a player sees the jobs they started.
        if self.request.user.is_staff:
            return Job.objects.all()
        return Job.objects.filter(owner=self.request.user)
