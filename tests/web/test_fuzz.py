"""A fuzz run over the OpenAPI spec: whatever the requests, no server error."""

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings


def test_no_request_makes_a_server_error(live):
    # A game in progress, so the seat and move endpoints reach the rules too.
    httpx.post(f"{live.url}/api/admin/start",
               json={"token": live.admin, "players": 2, "seats": ["human", "bot:random"]})
    schema = schemathesis.openapi.from_url(f"{live.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 9
    calls = 0
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck),
                  database=None)
        def run(case):
            nonlocal calls
            response = case.call()
            calls += 1
            assert response.status_code < 500, (case.method, case.path, response.text[:300])

        run()
    assert calls >= 200
