"""What pyproject.toml cannot say; everything else is declared there.

- The packages: every ``lingerlonger*`` folder, and ``lingerlonger.lessons``, the
  lesson library, read from ``scenarios/`` where the book, the tests and authors
  keep it (``lingerlonger.scenario.library`` finds it in a checkout and in a wheel alike).
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[*find_namespace_packages(include=["lingerlonger", "lingerlonger.*"]), "lingerlonger.lessons"],
    package_dir={"lingerlonger.lessons": "scenarios"},
)
