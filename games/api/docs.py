"""A plain HTML page documenting the API, rendered on the server from the OpenAPI schema (no
JavaScript, nothing fetched from elsewhere)."""

import json

from django.shortcuts import render
from django.views.decorators.http import require_GET
from drf_spectacular.generators import SchemaGenerator

METHODS = ("get", "post", "put", "patch", "delete")


def _ref_name(schema):
    if not isinstance(schema, dict):
        return ""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if schema.get("type") == "array":
        return f"[{_ref_name(schema.get('items'))}]"
    return schema.get("type", "")


@require_GET
def api_docs(request):
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = []
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if not op:
                continue
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            responses = [
                {
                    "code": code,
                    "schema": _ref_name(r.get("content", {}).get("application/json", {}).get("schema")),
                }
                for code, r in op.get("responses", {}).items()
            ]
            operations.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "description": op.get("description", ""),
                    "parameters": op.get("parameters", []),
                    "request": _ref_name(body.get("schema")),
                    "responses": responses,
                }
            )
    components = {
        name: json.dumps(value, indent=2, sort_keys=True)
        for name, value in sorted(schema.get("components", {}).get("schemas", {}).items())
    }
    return render(
        request,
        "api/docs.html",
        {"info": schema.get("info", {}), "operations": operations, "components": components},
    )
