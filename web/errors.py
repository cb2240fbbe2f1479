"""The error types the web apps share: bad input to a service, and a fault of the platform."""


class ServiceError(ValueError):
    """Bad input to a service, explained in one sentence; nothing was stored."""


class PlatformFault(RuntimeError):
    """This worker cannot do the work now (no sandbox, a bot's file missing or unreadable here):
    give it back, another attempt may succeed."""
