"""The mock's state: the world, its records, its clock, the world documents and their checks,
and the bounds every input is held to. Nothing here knows about requests or handlers.
"""
