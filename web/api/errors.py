"""Errors of the API: a service's ``ServiceError`` is a 400 with its sentence, a missing row a 404."""
from django.core.exceptions import ObjectDoesNotExist
from rest_framework import exceptions
from rest_framework.views import exception_handler as drf_exception_handler

from web.errors import ServiceError


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        exc = exceptions.ValidationError({"detail": str(exc)})
    elif isinstance(exc, ObjectDoesNotExist):
        exc = exceptions.NotFound()
    return drf_exception_handler(exc, context)
