"""The doors and the HTTP plumbing of the mock: the in-process mock and its httpx transport,
the ASGI app and the servers; the router (routing, credentials, rate limits, access,
validation), the control API, the OpenAPI document and the wire shapes of every answer.
"""
