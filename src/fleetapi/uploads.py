"""Uploads: what the upload methods accept, and how to watch a large upload's progress.

``client.upload_file(...)`` and the generated upload methods take a :data:`FileInput`;
:func:`file_part` is how they read it, and :class:`ProgressReader` reports the bytes sent.
"""

from fleetapi._uploads import FileInput, ProgressReader, UploadProgress, file_part

__all__ = ["FileInput", "ProgressReader", "UploadProgress", "file_part"]
