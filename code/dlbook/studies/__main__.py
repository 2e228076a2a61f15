"""``python -m dlbook.studies``: the studies' command line (:mod:`dlbook.studies.cli`)."""

import sys

from dlbook.studies.cli import main

sys.exit(main())
