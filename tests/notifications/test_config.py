"""EMAIL_URL: one variable for Django's email settings, refused by name when unreadable."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import email_config


def test_unset_prints_to_the_console():
    assert email_config(environ={})["EMAIL_BACKEND"].endswith("console.EmailBackend")


@pytest.mark.parametrize(
    ("url", "port", "tls", "ssl"),
    [
        ("smtp://mailer:p%40ss@mail.example:2525", 2525, False, False),
        ("smtp+tls://mailer:p%40ss@mail.example", 587, True, False),
        ("smtp+ssl://mailer:p%40ss@mail.example", 465, False, True),
    ],
)
def test_the_three_schemes(url, port, tls, ssl):
    config = email_config(environ={"EMAIL_URL": url})
    assert config["EMAIL_HOST"] == "mail.example" and config["EMAIL_PORT"] == port
    assert (config["EMAIL_USE_TLS"], config["EMAIL_USE_SSL"]) == (tls, ssl)
    assert (config["EMAIL_HOST_USER"], config["EMAIL_HOST_PASSWORD"]) == ("mailer", "p@ss")


@pytest.mark.parametrize(
    "url", ["imap://u:secret@host", "smtp://u:secret@host:port", "smtp://", "mail.example"]
)
def test_a_bad_value_is_refused_by_name_without_its_password(url):
    with pytest.raises(ImproperlyConfigured) as refused:
        email_config(environ={"EMAIL_URL": url})
    assert "EMAIL_URL" in str(refused.value) and "secret" not in str(refused.value)
