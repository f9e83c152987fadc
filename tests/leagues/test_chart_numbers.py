"""The ratings chart's SVG numbers in every language: French and Dutch write 12,5 for 12.5,
which an SVG attribute cannot take."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

GEOMETRY = re.compile(r'\s(?:x|y|x1|y1|x2|y2|width|height|viewBox)="([^"]*)"')


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_charts_coordinates_are_svg_numbers(language):
    chart = {
        "width": 640,
        "height": 240.5,
        "pad": 40.25,
        "right": 620.75,
        "bottom": 210.5,
        "ticks": [{"y": 30.5, "label": "25,5"}, {"y": 120.25, "label": "20"}],
        "series": [
            {
                "colour": "#333",
                "dash": "",
                "path": "40,200 80,150",
                "player": "ann",
                "points": [(1, 1025.5)],
            }
        ],
    }
    with translation.override(language):
        html = render_to_string(
            "leagues/chart.html", {"chart": chart, "chart_id": "c", "chart_title": "Ratings"}
        )
    values = GEOMETRY.findall(html)
    assert values
    for value in values:
        for number in value.split():
            float(number)  # raises on "240,5"
    assert "ann (1026)" in html  # the legend's figure: the rating people read, whole
