"""`python -m engine.scenario PATH [PATH ...]`: see engine.scenario.cli."""
import sys

from engine.scenario.cli import main

sys.exit(main())
