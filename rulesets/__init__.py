"""The games' rules.

Below ``rulesets/<game>/`` and ``rulesets/core/`` everything is pure Python: no Django import
(``tests/test_engine_purity.py`` enforces it). The Django app at this level holds the registry
views and the rules-calculator API.
"""
