#!/usr/bin/env python
import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    from config.embedded_postgres import serving

    # DATABASE_URL unset: the embedded PostgreSQL in var/postgres/ for this command (and
    # runserver's reloaded child), stopped when it ends unless another command started it.
    with serving():
        execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
