"""``/matches/new/friendly/``: invite another player to a friendly Last Hope Frontier battle of
one of my gangs, through the API's service (``POST matches/ {"gang": ...}``:
``matches.services.create_friendly_battle``). Which gangs I may bring is the service's too."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.pages import call_service, form_status
from matches import services
from matches.views.table import _gang_id

RULESET = "last-hope-frontier"
# The service's error paths, as this form's fields.
FIELDS = {"players": "opponent", "gang": "gang", "options.gangs": "gang"}


class FriendlyBattleForm(forms.Form):
    # A text field with a select widget: a gang that is not offered (not mine, nobody able to
    # fight) reaches the service, whose sentence is the API's.
    gang = forms.CharField(label=gettext_lazy("Your gang"), widget=forms.Select)
    opponent = forms.CharField(
        label=gettext_lazy("Opponent"),
        max_length=150,
        help_text=gettext_lazy("Their username; they accept with a gang of their own."),
    )

    def __init__(self, *args, gangs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["gang"].widget.choices = [(g.pk, g.name) for g in gangs]


@login_required
def friendly_battle_new(request):
    gangs = services.gangs_to_bring(ruleset=RULESET, player=request.user)
    form = FriendlyBattleForm(request.POST or None, gangs=gangs)
    if request.method == "POST" and form.is_valid():
        opponent = form.cleaned_data["opponent"].strip()
        match = call_service(
            form,
            lambda: services.create_friendly_battle(
                ruleset=RULESET,
                players=[request.user.username, opponent],
                gang=_gang_id(form.cleaned_data["gang"]),
                created_by=request.user,
                options={},
            ),
            fields=FIELDS,
        )
        if match is not None:
            messages.success(
                request,
                _("%(name)s is invited: the battle is dealt once they accept with a gang.")
                % {"name": opponent},
            )
            return redirect("match-table", match.pk)
    status = form_status(form) if request.method == "POST" else 200
    return render(
        request, "matches/friendly_new.html", {"form": form, "gangs": gangs}, status=status
    )
