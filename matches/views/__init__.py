"""The live table pages (``/matches/<id>/``) and their push streams. Thin: they find the seat,
ask ``matches.tables`` for what that seat may see, and render it."""
