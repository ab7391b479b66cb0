"""``python -m fleetapi_cli``: the same as ``fleet``."""

from fleetapi_cli import main

main()
