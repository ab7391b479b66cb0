"""The mock's dashboard: a page at ``/__mock__/ui/`` showing a world's map, clock, journal,
fault rules and the server's worlds, steering them through the control API.

:mod:`.view` reads what the map draws from a world, :mod:`.feed` sends the journal as
server-sent events, :mod:`.page` serves the page (its HTML, style and script are the files of
``static/``, inlined). The control routes ``ui``, ``map`` and ``journal/live`` are declared
with the others (:mod:`fleetapi_mock.web.control.routes`).
"""
