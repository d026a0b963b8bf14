"""``python -m lingerlonger``: the ``lingerlonger`` command, where no script is on PATH."""

import sys

from lingerlonger.command_line.commands import main

sys.exit(main())
