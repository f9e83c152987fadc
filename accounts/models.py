from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A player, arbitrator or organiser. Custom from the first migration so it can grow."""

    class Meta:
        ordering = ["username"]
