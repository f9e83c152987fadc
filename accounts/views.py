"""Sign up, sign in, sign out: Django's auth views, and sign-up through the same service as
the API's ``POST /api/v1/auth/register/`` (its password rules, its messages)."""

from __future__ import annotations

from django import forms
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _

from accounts import services
from accounts.signin import LockAwareAuthenticationForm
from config.pages import call_service, form_status


class SignupForm(forms.Form):
    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text=_("Letters, digits and @ . + - _ only; other players see it."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    email = forms.EmailField(
        label=_("Email (optional)"),
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password = forms.CharField(
        label=_("Password"),
        max_length=128,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_("At least 8 characters, not only digits, not a common password."),
    )


def _next(request) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return ""


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = call_service(form, lambda: services.register_user(**form.cleaned_data))
        if user is not None:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(_next(request) or "gang-create")
    return render(
        request,
        "accounts/signup.html",
        {"form": form, "next": _next(request)},
        status=form_status(form) if request.method == "POST" else 200,
    )


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True
    authentication_form = LockAwareAuthenticationForm  # says when signing in is paused


class LogoutView(auth_views.LogoutView):
    pass
