"""What pyproject.toml cannot say; everything else is declared there.

- The packages: every ``lingerlonger*`` folder, and ``lingerlonger.lessons``, the
  lesson library, read from ``scenarios/`` where the book, the tests and authors
  keep it (``lingerlonger.scenario.library`` finds it in a checkout and in a wheel alike).
- A wheel must carry the app's Font Awesome: the player's buttons are its icons,
  served by the "linger" Voila template from files that `make assets` copies in
  from npm (they are not in git). Without them the build stops with one line.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.bdist_wheel import bdist_wheel

FONT_AWESOME = (
    Path(__file__).parent / "book/app/jupyter/voila/templates/linger" / "static/vendor/fontawesome/css/all.min.css"
)


class WheelWithIcons(bdist_wheel):
    """bdist_wheel that refuses to build an app without its icons."""

    def run(self):
        if not FONT_AWESOME.is_file():
            raise SystemExit(
                f"error: {FONT_AWESOME} is missing: run `make assets` "
                "before building a wheel (the app's buttons are its icons)"
            )
        super().run()


setup(
    packages=[*find_namespace_packages(include=["lingerlonger", "lingerlonger.*"]), "lingerlonger.lessons"],
    package_dir={"lingerlonger.lessons": "scenarios"},
    cmdclass={"bdist_wheel": WheelWithIcons},
)
