"""The domain pieces the handlers share: the request context, and the rules of tasks, tracks,
trackers, vehicles, forms, files, searches, batches, spreadsheets and exports.

A module here imports the world (:mod:`fleetapi_mock.state`) and others of this package, never
a handler nor the HTTP layer.
"""
