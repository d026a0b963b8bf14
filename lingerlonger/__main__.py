"""``python -m lingerlonger``: the ``lingerlonger`` command, where no script is on PATH."""

import sys

from .cli import main

sys.exit(main())
