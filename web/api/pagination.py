"""Paging: ``?page=N&page_size=M`` over a selector that takes an offset and a limit."""
from rest_framework import serializers

from web.api.params import QueryParams, query_params

PAGE_SIZE = 50
MAX_PAGE_SIZE = 200


class PageParams(QueryParams):
    page = serializers.IntegerField(min_value=1, max_value=100_000, default=1)
    page_size = serializers.IntegerField(min_value=1, max_value=MAX_PAGE_SIZE, default=PAGE_SIZE)


def page_params(request):
    params = query_params(PageParams, request)
    page, size = params["page"], params["page_size"]
    return page, size, (page - 1) * size


def paged(*, page, page_size, count, results):
    return {"count": count, "page": page, "page_size": page_size,
            "pages": max(1, (count + page_size - 1) // page_size), "results": results}


def paged_serializer(name, item):
    """The schema of a page of ``item``."""
    return type(name, (serializers.Serializer,), {
        "count": serializers.IntegerField(), "page": serializers.IntegerField(),
        "page_size": serializers.IntegerField(), "pages": serializers.IntegerField(),
        "results": item(many=True),
    })
