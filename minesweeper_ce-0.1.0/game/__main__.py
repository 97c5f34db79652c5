"""`python -m game` starts the game."""

import sys

from game.app import main

sys.exit(main())
