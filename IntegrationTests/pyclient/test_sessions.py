"""Sessions through the generated client, as docs/examples.md tells them: created, shown, seen mid-show,
interrupted by a hide, sampled and drawn, rotated, refused a stale event, deleted; a form whose focus moves;
a notification log replayed as JSON and as the console's text; a session on a device turned to landscape, as
openapi.yaml's byDevice and deviceRotation examples tell it."""

from __future__ import annotations

import re
from pathlib import Path

from inset_client.api.keyboard import hide_keyboard, show_keyboard
from inset_client.api.sessions import (
    create_session,
    delete_session,
    get_session,
    get_timeline,
    get_timeline_plot,
    move_focus,
    patch_session,
    replay_notifications,
)
from inset_client.models import (
    Device,
    DeviceOrientation,
    FocusRequest,
    FormFieldsItem,
    HideRequest,
    Interruption,
    KeyboardEventResponse,
    KeyboardNotificationName,
    KeyboardState,
    LoggedNotification,
    LoggedUserInfo,
    NotificationLogRequest,
    NotificationLogResponse,
    NotificationLogResponseFormat,
    NotificationResultOutcome,
    ReplayNotificationsPlot,
    SafeAreaInsets,
    ScrollView,
    Session,
    SessionCreateRequest,
    SessionPatchRequest,
    ShowRequest,
    Size,
    SizeValue,
    Timeline,
)

from phone import SCREEN, insets, keyboard, parsed, problem, rect, rect_value, scroll_view

CONSOLE = Path(__file__).resolve().parents[2] / "Tests/InsetServiceTests/ConsoleLogs/noisy-console.txt"


def new_session(client, **members) -> Session:
    """A session created at 0 on docs/examples.md's phone, or with the geometry in `members`."""
    body = SessionCreateRequest(**{"timestamp": 0, "scroll_view": scroll_view(), "screen": SCREEN, **members})
    return parsed(create_session.sync_detailed(client=client, body=body), 201, Session)


def test_a_session_from_creation_to_deletion(client):
    created = new_session(client)
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", created.id)
    assert created.keyboard_state is KeyboardState.HIDDEN
    assert (created.time, created.last_event_time) == (0, 0)
    assert created.scroll_view.frame == rect_value(0, 0, 390, 844)
    assert created.screen == SizeValue(width=390, height=844)
    assert (created.device, created.keyboard, created.animation) == (None, None, None)
    assert created.interruption is Interruption.ADDITIVE
    session = created.id

    shown = show_keyboard.sync_detailed(
        client=client, body=ShowRequest(session_id=session, timestamp=1000, keyboard=keyboard())
    )
    show = parsed(shown, 200, KeyboardEventResponse)
    assert show.content_inset == insets(0, 0, 302, 0)
    assert (show.content_offset.x, show.content_offset.y) == (0, 0)
    assert (show.session.id, show.session.keyboard_state, show.session.time) == (session, KeyboardState.SHOWING, 1000)
    assert (show.animation.start_time, show.animation.end_time) == (1000, 1500)

    mid = parsed(get_session.sync_detailed(session, client=client, at=1100), 200, Session)
    assert (mid.keyboard_state, mid.time, mid.last_event_time) == (KeyboardState.SHOWING, 1100, 1000)
    assert mid.target.content_inset == insets(0, 0, 302, 0)
    assert 0 < mid.presentation.content_inset.bottom < 302
    assert mid.keyboard.frame_end == rect_value(0, 508, 390, 336)

    hidden = hide_keyboard.sync_detailed(client=client, body=HideRequest(session_id=session, timestamp=1100))
    hide = parsed(hidden, 200, KeyboardEventResponse)
    assert hide.content_inset == insets(0, 0, 0, 0)
    assert hide.keyboard_layout_guide.frame == rect_value(0, 810, 390, 34)
    assert hide.session.keyboard_state is KeyboardState.HIDING
    assert hide.animation.composition.value == "additive"
    assert len(hide.animation.in_flight) == 1

    sampled = parsed(get_timeline.sync_detailed(session, client=client, from_=1000, to=1300, step=20), 200, Timeline)
    assert sampled.times == list(range(1000, 1301, 20))
    bottom = next(series for series in sampled.values if series.name == "contentInset.bottom")
    assert [round(value) for value in bottom.presentation] == [
        0, 16, 50, 90, 130, 165, 178, 168, 148, 124, 101, 80, 63, 49, 37, 28,
    ]  # fmt: skip
    drawn = get_timeline_plot.sync_detailed(session, client=client)
    assert drawn.status_code == 200 and isinstance(drawn.parsed, str)
    assert drawn.parsed.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"')
    assert f"<title>Session {session} timeline (additive)</title>" in drawn.parsed

    rotated = patch_session.sync_detailed(
        session,
        client=client,
        body=SessionPatchRequest(
            timestamp=2000,
            scroll_view=ScrollView(
                frame=rect(0, 0, 844, 390), safe_area_insets=SafeAreaInsets(top=0, left=47, bottom=21, right=47)
            ),
            screen=Size(width=844, height=390),
        ),
    )
    turned = parsed(rotated, 200, Session)
    assert turned.screen == SizeValue(width=844, height=390)
    assert turned.scroll_view.frame == rect_value(0, 0, 844, 390)
    # Sent members only: the content size is the session's, not reset.
    assert turned.scroll_view.content_size == SizeValue(width=390, height=2000)
    assert (turned.keyboard_state, turned.last_event_time) == (KeyboardState.HIDDEN, 2000)

    stale = show_keyboard.sync_detailed(
        client=client, body=ShowRequest(session_id=session, timestamp=500, keyboard=keyboard())
    )
    assert problem(stale, 409, "stale-timestamp").detail == (
        "timestamp 500 ms is older than the session's last event at 2000 ms."
    )

    deleted = delete_session.sync_detailed(session, client=client)
    assert (deleted.status_code, deleted.content) == (204, b"")
    problem(get_session.sync_detailed(session, client=client), 404, "session-not-found")


def test_a_patch_sends_only_its_members_so_an_inverted_list_stays_inverted(client):
    chat = new_session(client, scroll_view=scroll_view(inverted=True, always_bounce_vertical=True))
    assert chat.scroll_view.inverted is True
    patched = patch_session.sync_detailed(
        chat.id,
        client=client,
        body=SessionPatchRequest(timestamp=1000, scroll_view=ScrollView(content_size=Size(width=390, height=2400))),
    )
    after = parsed(patched, 200, Session)
    assert after.scroll_view.content_size == SizeValue(width=390, height=2400)
    assert (after.scroll_view.inverted, after.scroll_view.always_bounce_vertical) == (True, True)
    assert after.scroll_view.automatically_adjusts_scroll_indicator_insets is True
    assert delete_session.sync_detailed(chat.id, client=client).status_code == 204


FIELDS = [
    FormFieldsItem(id="name", rect=rect(16, 100, 358, 44)),
    FormFieldsItem(id="email", rect=rect(16, 400, 358, 44)),
    FormFieldsItem(id="phone", rect=rect(16, 700, 358, 44)),
    FormFieldsItem(id="notes", rect=rect(16, 900, 358, 120)),
]


def form_session(client) -> str:
    """docs/examples.md's form: four fields, the name field focused, a 380-pt keyboard (336 and the toolbar)."""
    form = new_session(
        client,
        scroll_view=ScrollView(
            frame=rect(0, 0, 390, 844),
            safe_area_insets=SafeAreaInsets(top=47, left=0, bottom=34, right=0),
            content_size=Size(width=390, height=1200),
        ),
        fields=FIELDS,
        focus="name",
    )
    shown = show_keyboard.sync_detailed(
        client=client, body=ShowRequest(session_id=form.id, timestamp=1000, keyboard=keyboard(464, 380))
    )
    parsed(shown, 200, KeyboardEventResponse)
    return form.id


def test_the_toolbars_arrows_move_the_focus_and_scroll_the_field_above_the_keyboard(client):
    form = form_session(client)
    first = parsed(
        move_focus.sync_detailed(form, client=client, body=FocusRequest(timestamp=2000, field="next")),
        200,
        KeyboardEventResponse,
    )
    assert (first.content_offset.y, first.navigation.previous, first.navigation.next_) == (0, "name", "phone")
    assert (first.animation.curve, first.animation.duration, first.animation.composition.value) == (
        0,
        0.3,
        "additive",
    )
    second = parsed(
        move_focus.sync_detailed(form, client=client, body=FocusRequest(timestamp=3000, field="next")),
        200,
        KeyboardEventResponse,
    )
    assert (second.content_offset.y, second.navigation.previous, second.navigation.next_) == (290, "email", "notes")

    typed = patch_session.sync_detailed(
        form,
        client=client,
        body=SessionPatchRequest(
            timestamp=4000,
            focus="notes",
            focused_rect=rect(20, 1038, 2, 22),
            scroll_view=ScrollView(content_size=Size(width=390, height=1244)),
        ),
    )
    grown = parsed(typed, 200, Session)
    assert (grown.focus, grown.focused_rect) == ("notes", rect_value(20, 1038, 2, 22))
    assert (grown.navigation.previous, grown.navigation.next_) == ("phone", None)
    assert grown.target.content_offset.y == 606

    past = move_focus.sync_detailed(form, client=client, body=FocusRequest(timestamp=5000, field="next"))
    refused = problem(past, 400, "validation-failed")
    assert [(error.pointer, error.message) for error in refused.errors] == [
        ("/field", "cannot be 'next': 'notes' is the last field")
    ]


def logged(name: KeyboardNotificationName, timestamp: float, frame_end: str, **info) -> LoggedNotification:
    user_info = LoggedUserInfo(ui_keyboard_frame_end_user_info_key=frame_end, **info)
    return LoggedNotification(name=name, timestamp=timestamp, user_info=user_info)


def test_a_notification_log_replays_as_json_and_as_the_consoles_text(client):
    form = form_session(client)
    will_show = KeyboardNotificationName.UIKEYBOARDWILLSHOWNOTIFICATION
    will_hide = KeyboardNotificationName.UIKEYBOARDWILLHIDENOTIFICATION
    timed = {"ui_keyboard_animation_duration_user_info_key": 0.25, "ui_keyboard_animation_curve_user_info_key": 7}
    local = {**timed, "ui_keyboard_is_local_user_info_key": 1}
    log = NotificationLogRequest(
        notifications=[
            logged(will_hide, 6000, "{{0, 844}, {390, 380}}", **timed),
            logged(will_show, 7000, "{{0, 544}, {390, 300}}", **local),
            logged(will_show, 7040, "{{0, 464}, {390, 380}}", **local),
            logged(will_show, 7045, "{{0, 464}, {390, 380}}", **local),
            logged(KeyboardNotificationName.UIKEYBOARDDIDSHOWNOTIFICATION, 7300, "{{0, 464}, {390, 380}}"),
            logged(KeyboardNotificationName.UIKEYBOARDWILLCHANGEFRAMENOTIFICATION, 7400, "{{0, 0}, {0, 0}}"),
            logged(will_hide, 7420, "{{0, 844}, {390, 380}}", ui_keyboard_animation_duration_user_info_key=0),
        ]
    )
    replayed = replay_notifications.sync_detailed(form, client=client, body=log, plot=ReplayNotificationsPlot.SVG)
    answer = parsed(replayed, 200, NotificationLogResponse)
    assert answer.format_ is NotificationLogResponseFormat.JSON
    assert [(result.index, result.outcome, result.reason) for result in answer.results] == [
        (0, NotificationResultOutcome.APPLIED, None),
        (1, NotificationResultOutcome.APPLIED, None),
        (2, NotificationResultOutcome.APPLIED, None),
        (3, NotificationResultOutcome.IGNORED, "same-frame"),
        (4, NotificationResultOutcome.IGNORED, "did-notification"),
        (5, NotificationResultOutcome.IGNORED, "empty-frame"),
        (6, NotificationResultOutcome.JUMPED, "zero-duration-hide"),
    ]
    assert answer.session.keyboard_state is KeyboardState.HIDDEN
    assert answer.session.presentation.content_inset == insets(0, 0, 0, 0)
    assert (answer.timeline.from_, answer.timeline.to, len(answer.timeline.times)) == (6000, 7920, 193)
    assert answer.plot.startswith("<svg")

    # The console's text: the generator reads no text/plain body (scripts/check-python-client), so it goes
    # through the generated client's own httpx client, and the generated model reads the answer.
    http = client.get_httpx_client()
    sent = http.post(
        f"/sessions/{form}/notifications",
        params={"start": 9000},
        content=CONSOLE.read_bytes(),
        headers={"Content-Type": "text/plain"},
    )
    assert sent.status_code == 200, sent.text
    text = NotificationLogResponse.from_dict(sent.json())
    assert (text.format_, text.skipped_lines) == (NotificationLogResponseFormat.TEXT, 10)
    show, hide = text.results
    assert (show.outcome, show.timestamp) == (NotificationResultOutcome.APPLIED, 9000)
    assert show.read.form.value == "objc-userinfo"
    assert (show.read.lines.first, show.read.lines.last) == (10, 16)
    assert show.read.user_info.frame_end == rect_value(0, 508, 390, 336)
    assert show.read.user_info.is_local is True
    assert (hide.outcome, hide.reason) == (NotificationResultOutcome.JUMPED, "zero-duration-hide")
    assert hide.timestamp == 9100.928


def test_a_session_on_a_device_turns_to_landscape_with_its_keyboard(client):
    created = create_session.sync_detailed(
        client=client,
        body=SessionCreateRequest(
            device=Device(id="iphone-15"),
            scroll_view=ScrollView(content_size=Size(width=393, height=2000)),
            timestamp=1000,
        ),
    )
    session = parsed(created, 201, Session)
    assert (session.device.id, session.device.orientation) == ("iphone-15", DeviceOrientation.PORTRAIT)
    assert session.screen == SizeValue(width=393, height=852)
    shown = show_keyboard.sync_detailed(client=client, body=ShowRequest(session_id=session.id, timestamp=2000))
    assert parsed(shown, 200, KeyboardEventResponse).content_inset == insets(0, 0, 301, 0)

    turned = patch_session.sync_detailed(
        session.id,
        client=client,
        body=SessionPatchRequest(timestamp=3000, device=Device(orientation=DeviceOrientation.LANDSCAPE)),
    )
    landscape = parsed(turned, 200, Session)
    assert (landscape.device.id, landscape.device.orientation) == ("iphone-15", DeviceOrientation.LANDSCAPE)
    assert landscape.screen == SizeValue(width=852, height=393)
    assert landscape.scroll_view.safe_area_insets == insets(0, 59, 20, 59)
    assert landscape.keyboard.frame_end == rect_value(0, 185, 852, 208)
    # openapi.yaml's deviceRotation example (its 2000-pt content reaches into the bottom safe area).
    assert landscape.target.content_inset == insets(0, 0, 188, 0)
    assert landscape.target.adjusted_content_inset == insets(0, 0, 208, 0)
    assert landscape.target.keyboard_overlap == 208
    assert [value.pointer.value for value in landscape.catalogue.values] == [
        "/screen",
        "/scrollView/frame",
        "/scrollView/safeAreaInsets",
        "/keyboard/frameEnd",
    ]


def test_an_android_session_shows_hides_and_reads_back_typed(client):
    from inset_client.api.sessions import get_timeline
    from inset_client.models import (
        AndroidEventResponse,
        AndroidSession,
        AndroidTimeline,
        HideRequest,
        KeyboardFields,
        NavigationMode,
        Platform,
        ScrollView,
        SessionCreateRequest,
        ShowRequest,
        Size,
        SystemBars,
    )

    body = SessionCreateRequest(
        platform=Platform.ANDROID,
        timestamp=0,
        screen=Size(width=412, height=915),
        system_bars=SystemBars(top=24, bottom=48),
        navigation_mode=NavigationMode.THREEBUTTON,
        insets_animation_callback=True,
        scroll_view=ScrollView(frame=rect(0, 80, 412, 787), content_size=Size(width=412, height=2000)),
        focused_rect=rect(16, 700, 380, 56),
    )
    created = parsed(create_session.sync_detailed(client=client, body=body), 201, AndroidSession)
    session = created.id
    show = ShowRequest(session_id=session, timestamp=100, keyboard=KeyboardFields(frame_end=rect(0, 515, 412, 400)))
    shown = parsed(show_keyboard.sync_detailed(client=client, body=show), 200, AndroidEventResponse)
    assert shown.scroll_view.frame.height == 435 and shown.content_offset.y == 241
    # 100 ms into the show, a hide: the show snaps to its end and the hide runs whole from the shown IME.
    hidden = parsed(
        hide_keyboard.sync_detailed(client=client, body=HideRequest(session_id=session, timestamp=200)),
        200,
        AndroidEventResponse,
    )
    assert hidden.animation.from_.ime.bottom == 400 and hidden.animation.to.ime.bottom == 0
    later = parsed(get_session.sync_detailed(session, client=client, at=600), 200, AndroidSession)
    assert later.presentation.ime.bottom == 0
    timeline = parsed(get_timeline.sync_detailed(session, client=client), 200, AndroidTimeline)
    assert timeline.values[0].name.value == "ime.bottom" and timeline.values[0].presentation[0] == 400
