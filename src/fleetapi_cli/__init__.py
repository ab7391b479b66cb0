"""The ``fleet`` command-line tool."""
