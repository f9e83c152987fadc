from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Players and accounts"

    def ready(self):
        from django.contrib import admin

        from accounts.signin import LockAwareAuthenticationForm

        # The admin's sign-in says when signing in is paused, as the site's does.
        form = admin.site.login_form
        if form is not None and not issubclass(form, LockAwareAuthenticationForm):
            admin.site.login_form = type(
                "LockAware" + form.__name__, (LockAwareAuthenticationForm, form), {}
            )
