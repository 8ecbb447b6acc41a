"""A request that changes nothing, and why: the one exception the web app turns
into a refusal (its status, and a code the pages translate)."""

from __future__ import annotations


class Refused(Exception):
    """A request that changes nothing: status and a code the pages translate."""

    def __init__(self, status: int, code: str, detail: str):
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
