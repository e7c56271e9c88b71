"""The designers' command line (``python3 -m tabletop.simulate``): see ``tabletop.sim.simulate``."""

from tabletop.sim.simulate import main, simulate

__all__ = ["main", "simulate"]

if __name__ == "__main__":
    import sys

    sys.exit(main())
