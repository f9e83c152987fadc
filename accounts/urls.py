from django.urls import path

from accounts.api import MeView, RegisterView, TokenView

urlpatterns = [
    path("register/", RegisterView.as_view(), name="auth-register"),
    path("token/", TokenView.as_view(), name="auth-token"),
    path("me/", MeView.as_view(), name="auth-me"),
]
