"""The catalogue, the operational routes, a problem type's page and the playground's files through the generated
client, and the token: what `--api-token` guards answers a typed 401 to a client without it."""

from __future__ import annotations

from functools import partial

from inset_client import AuthenticatedClient
from inset_client.api.devices import get_device, list_devices
from inset_client.api.operations import (
    get_health,
    get_metrics,
    get_open_api,
    get_problem_type,
    get_readiness,
    get_version,
)
from inset_client.api.playground import (
    get_client,
    get_client_declarations,
    get_playground_file,
    redirect_playground_script,
    redirect_playground_styles,
    redirect_root_to_playground,
)
from inset_client.api.sessions import get_session
from inset_client.models import (
    DeviceEntry,
    DeviceFamily,
    DeviceList,
    DeviceOrientation,
    Health,
    PlaygroundFile,
    ProblemSlug,
    Readiness,
    ReadinessStatus,
    Version,
)

from conftest import hooks
from phone import SPEC, parsed, problem, rect_value


def test_the_catalogue_lists_its_devices_and_gives_each_ones_numbers(client):
    listed = parsed(list_devices.sync_detailed(client=client), 200, DeviceList)
    assert [(d.id, d.name, d.family, d.systems) for d in listed.devices[:3]] == [
        ("iphone-xs", "iPhone XS", DeviceFamily.IPHONE, ["18"]),
        ("iphone-xs-max", "iPhone XS Max", DeviceFamily.IPHONE, ["18"]),
        ("iphone-xr", "iPhone XR", DeviceFamily.IPHONE, ["18"]),
    ]
    assert "iphone-15" in [device.id for device in listed.devices]

    entry = parsed(get_device.sync_detailed("iphone-15", client=client), 200, DeviceEntry)
    assert (entry.id, entry.name, entry.family) == ("iphone-15", "iPhone 15", DeviceFamily.IPHONE)
    assert (entry.screen.width, entry.screen.height, entry.screen.scale) == (393, 852, 3)
    portrait = [k for k in entry.keyboards if k.orientation is DeviceOrientation.PORTRAIT and k.predictive is True]
    assert rect_value(0, 517, 393, 335) in [keyboard.frame for keyboard in portrait]
    assert {source.id for source in entry.sources} >= {"apple-hig-layout", "device-preview-probe"}

    missing = problem(get_device.sync_detailed("iphone-99", client=client), 404, "device-not-found")
    assert missing.detail == "The catalogue has no device 'iphone-99'; GET /devices lists those it has."


def test_health_readiness_and_version_are_typed(client, anonymous):
    assert parsed(get_health.sync_detailed(client=anonymous), 200, Health).status == "ok"
    assert parsed(get_readiness.sync_detailed(client=anonymous), 200, Readiness).status is ReadinessStatus.READY
    version = parsed(get_version.sync_detailed(client=client), 200, Version)
    assert version.name == "inset-server"
    assert version.version == "0.1.0"
    assert version.libmicrohttpd.count(".") == 2


def test_metrics_are_prometheus_text(client):
    answer = get_metrics.sync_detailed(client=client)
    metrics = parsed(answer, 200, str)
    assert metrics.startswith("# HELP inset_http_requests_total HTTP requests answered, by method, route and status.")
    assert 'route="/healthz",status="200"' in metrics


def test_the_contract_is_served_as_the_repository_has_it(server, token):
    # The generator reads no application/yaml answer (scripts/check-python-client): the call is generated
    # without a parsed answer, so a client that raises on an unexpected status (the suite's) raises on its 200;
    # one with the generated default hands back the bytes.
    with AuthenticatedClient(base_url=server.base, token=token, httpx_args=hooks()) as lenient:
        answer = get_open_api.sync_detailed(client=lenient)
    assert answer.status_code == 200
    assert answer.parsed is None
    assert answer.headers["content-type"].startswith("application/yaml")
    assert answer.content == SPEC.read_bytes()


def test_the_playground_files_are_open_and_revalidate_with_their_etag(anonymous):
    # The folder's files by one operation, the page, its style sheet and the module it loads; then the two at the top.
    folder = (
        (PlaygroundFile.INDEX_HTML, "<!doctype html>"),
        (PlaygroundFile.PLAYGROUND_CSS, ""),
        (PlaygroundFile.MAIN_JS, "// @ts-check"),
    )
    calls = [(name.value, partial(get_playground_file.sync_detailed, name), starts) for name, starts in folder]
    calls += [(module.__name__, module.sync_detailed, "") for module in (get_client, get_client_declarations)]
    for what, call, starts in calls:
        first = call(client=anonymous)
        body = parsed(first, 200, str)
        assert body.lower().startswith(starts) and len(body) > 100, what
        again = call(client=anonymous, if_none_match=first.headers["etag"])
        assert (again.status_code, again.content, again.parsed) == (304, b"", None), what


def test_the_playgrounds_old_paths_redirect_into_its_folder(anonymous):
    for module, location in (
        (redirect_root_to_playground, "/playground/index.html"),
        (redirect_playground_styles, "/playground/playground.css"),
        (redirect_playground_script, "/playground/main.js"),
    ):
        answer = module.sync_detailed(client=anonymous)
        assert (answer.status_code, answer.headers["location"], answer.content) == (308, location, b""), location


def test_without_the_token_a_guarded_route_is_a_typed_401_whose_type_is_a_page(anonymous):
    # What a 401 holds, on every guarded operation, is SpecRouteTests' (in process); here, that the generated
    # client parses it as its Problem and reads the page its type names without the token.
    refused = problem(get_session.sync_detailed("CbuU4KaY_tIrhsQGEICoPi", client=anonymous), 401, "unauthorized")
    slug = ProblemSlug(refused.type_.value.removeprefix("/problems/"))
    page = parsed(get_problem_type.sync_detailed(slug, client=anonymous), 200, str)
    assert "<h1>Unauthorized</h1>" in page
    assert "<code>/problems/unauthorized</code>, answered with status 401" in page
