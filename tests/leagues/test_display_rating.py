"""The rating people read: 1000 for a newcomer, never negative after a newcomer's first
losses; the API keeps mu and sigma (and the ordinal as ``rating``) beside it."""

from leagues.ratings import MU, SIGMA, display_rating, ordinal, rate
from leagues.scoring import Entry


def test_a_newcomer_reads_1000():
    assert ordinal(MU, SIGMA) == 0
    assert display_rating(ordinal(MU, SIGMA)) == 1000


def test_a_newcomers_losses_stay_far_from_negative():
    ratings = {1: (MU, SIGMA), 2: (MU, SIGMA)}
    for _ in range(5):
        ratings.update(rate([Entry(1, 1, ""), Entry(2, 2, "")], ratings))
    shown = display_rating(ordinal(*ratings[2]))
    assert 700 < shown < 1000  # five straight losses
    assert display_rating(ordinal(*ratings[1])) > 1000
