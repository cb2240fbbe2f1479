"""The one error type services raise for bad input."""


class ServiceError(ValueError):
    """Bad input to a service, explained in one sentence; nothing was stored."""
