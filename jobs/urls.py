from django.urls import path

from jobs.api import JobDetail

urlpatterns = [path("<uuid:pk>/", JobDetail.as_view(), name="task-detail")]
