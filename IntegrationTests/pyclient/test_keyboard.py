"""The keyboard routes through the generated client: stateless shows and hides, by fields, by the logged
userInfo and by device, pinned views, a refused body, and an interactive dismissal's drag and release. The
numbers are docs/examples.md's for the same requests."""

from __future__ import annotations

from inset_client.api.keyboard import drag_keyboard, hide_keyboard, release_keyboard, show_keyboard
from inset_client.api.sessions import create_session
from inset_client.models import (
    AnimationSpring,
    CurveName,
    Device,
    DragRequest,
    EdgeInsetsValue,
    HideRequest,
    KeyboardDismissMode,
    KeyboardEventResponse,
    KeyboardFields,
    KeyboardGestureResponse,
    KeyboardLiftBehavior,
    KeyboardNotification,
    KeyboardState,
    KeyboardUserInfo,
    PinnedView,
    Point,
    RectValue,
    ReleaseRequest,
    ReleaseRequestVelocity,
    ScrollView,
    Session,
    SessionCreateRequest,
    ShowRequest,
    Size,
    SizeValue,
)
from inset_client.types import Unset

from phone import SCREEN, insets, keyboard, parsed, problem, rect, rect_value, scroll_view

FOCUSED = rect(16, 700, 358, 44)


def stateless_show(client) -> KeyboardEventResponse:
    body = ShowRequest(scroll_view=scroll_view(), screen=SCREEN, keyboard=keyboard(), focused_rect=FOCUSED)
    return parsed(show_keyboard.sync_detailed(client=client, body=body), 200, KeyboardEventResponse)


def test_a_stateless_show_answers_the_documented_insets_and_animation(client):
    answer = stateless_show(client)
    assert answer.content_inset == insets(0, 0, 302, 0)
    assert answer.scroll_indicator_insets == insets(0, 0, 302, 0)
    assert answer.adjusted_content_inset == insets(47, 0, 336, 0)
    assert (answer.content_offset.x, answer.content_offset.y) == (0, 246)
    assert answer.keyboard_overlap == 336
    assert answer.keyboard_docked is True
    assert answer.keyboard_layout_guide.frame == rect_value(0, 508, 390, 336)
    assert answer.pinned_views == []
    animation = answer.animation
    assert (animation.duration, animation.delay, animation.curve, animation.options) == (0.25, 0, 7, 458756)
    assert animation.curve_name is CurveName.KEYBOARD
    assert animation.begin_from_current_state is True
    assert animation.from_.content_inset == insets(0, 0, 0, 0)
    assert animation.to.content_inset == insets(0, 0, 302, 0)
    assert animation.timing_function == "cubic-bezier(0.38, 0.7, 0.125, 1)"
    assert animation.css_duration == 500
    assert animation.linear_easing.startswith("linear(0, 0.0056 1.2%")
    # Stateless and without a device: no session, no session-clock members, no catalogue.
    assert all(isinstance(member, Unset) for member in (answer.session, animation.start_time, answer.catalogue))


def test_the_logged_userinfo_gets_the_same_answer_as_the_fields(client):
    info = KeyboardUserInfo(
        ui_keyboard_frame_end_user_info_key="NSRect: {{0, 508}, {390, 336}}",
        ui_keyboard_frame_begin_user_info_key="NSRect: {{0, 844}, {390, 336}}",
        ui_keyboard_animation_duration_user_info_key=0.25,
        ui_keyboard_animation_curve_user_info_key=7,
        # The flag as NSLog prints a BOOL: an integer, where the spec's oneOf also takes a boolean.
        ui_keyboard_is_local_user_info_key=1,
        ui_keyboard_center_begin_user_info_key="NSPoint: {195, 1012}",
        ui_keyboard_center_end_user_info_key="NSPoint: {195, 676}",
        ui_keyboard_bounds_user_info_key="NSRect: {{0, 0}, {390, 336}}",
    )
    body = ShowRequest(
        scroll_view=scroll_view(), screen=SCREEN, keyboard=KeyboardNotification(user_info=info), focused_rect=FOCUSED
    )
    answer = parsed(show_keyboard.sync_detailed(client=client, body=body), 200, KeyboardEventResponse)
    assert answer.to_dict() == stateless_show(client).to_dict()
    info.ui_keyboard_is_local_user_info_key = True
    again = parsed(show_keyboard.sync_detailed(client=client, body=body), 200, KeyboardEventResponse)
    assert again.content_inset == insets(0, 0, 302, 0)


def test_a_stateless_hide_animates_back_from_the_keyboard_that_was_up(client):
    body = HideRequest(
        scroll_view=scroll_view(),
        screen=SCREEN,
        keyboard=KeyboardFields(frame_begin=rect(0, 508, 390, 336), frame_end=rect(0, 844, 390, 336)),
    )
    answer = parsed(hide_keyboard.sync_detailed(client=client, body=body), 200, KeyboardEventResponse)
    assert answer.content_inset == insets(0, 0, 0, 0)
    assert answer.adjusted_content_inset == insets(47, 0, 34, 0)
    assert answer.keyboard_overlap == 0
    assert answer.keyboard_layout_guide.frame == rect_value(0, 810, 390, 34)
    assert answer.animation.from_.content_inset == insets(0, 0, 302, 0)
    assert answer.animation.to.keyboard_layout_guide.y == 810


def test_a_pinned_composer_rides_on_the_keyboard_and_the_list_clears_it(client):
    body = ShowRequest(
        scroll_view=scroll_view(),
        screen=SCREEN,
        keyboard=keyboard(),
        pinned_views=[PinnedView(id="composer", frame=rect(0, 760, 390, 50))],
        keyboard_lift_behavior=KeyboardLiftBehavior.WHENATEND,
    )
    answer = parsed(show_keyboard.sync_detailed(client=client, body=body), 200, KeyboardEventResponse)
    assert answer.content_inset == insets(0, 0, 352, 0)
    assert [(view.id, view.frame) for view in answer.pinned_views] == [("composer", rect_value(0, 458, 390, 50))]


def test_a_show_by_device_takes_the_catalogues_numbers_and_says_which(client):
    body = ShowRequest(
        device=Device(id="iphone-15"),
        scroll_view=ScrollView(content_size=Size(width=393, height=2000)),
        focused_rect=rect(16, 700, 361, 44),
    )
    answer = parsed(show_keyboard.sync_detailed(client=client, body=body), 200, KeyboardEventResponse)
    assert answer.content_inset == insets(0, 0, 301, 0)
    assert answer.content_offset.y == 237
    catalogue = answer.catalogue
    assert (catalogue.device, catalogue.name, catalogue.system) == ("iphone-15", "iPhone 15", None)
    assert (catalogue.keyboard.predictive, catalogue.keyboard.type_.value, catalogue.keyboard.mode.value) == (
        True,
        "standard",
        "docked",
    )
    values = {value.pointer.value: value for value in catalogue.values}
    assert list(values) == ["/screen", "/scrollView/frame", "/scrollView/safeAreaInsets", "/keyboard/frameEnd"]
    # Each value parsed as its own shape (the union tries the rect first: a rect read as a size loses x and y).
    assert values["/screen"].value == SizeValue(width=393, height=852)
    assert values["/scrollView/frame"].value == RectValue(x=0, y=0, width=393, height=852)
    assert values["/scrollView/safeAreaInsets"].value == EdgeInsetsValue(top=59, left=0, bottom=34, right=0)
    frame_end = values["/keyboard/frameEnd"]
    assert frame_end.value == RectValue(x=0, y=517, width=393, height=335)
    assert (frame_end.source, frame_end.system, frame_end.measured_on) == ("device-preview-probe", "26.5", "iPhone 16")
    # A stateless hide by device needs nothing else either.
    hidden = hide_keyboard.sync_detailed(client=client, body=HideRequest(device=Device(id="iphone-15")))
    assert parsed(hidden, 200, KeyboardEventResponse).content_inset == insets(0, 0, 0, 0)


def test_a_refused_body_is_a_typed_problem_pointing_at_each_field(client):
    body = ShowRequest(
        scroll_view=ScrollView(frame=rect(0, 0, 390, -1)),
        keyboard=KeyboardFields(animation_duration=20),
    )
    answer = problem(show_keyboard.sync_detailed(client=client, body=body), 400, "validation-failed")
    assert answer.detail == "2 fields are invalid"
    assert [(error.pointer, error.message) for error in answer.errors] == [
        ("/scrollView/frame/height", "must be between 0 and 1000000"),
        ("/keyboard/animationDuration", "must be between 0 and 10"),
    ]


def test_an_interactive_dismissal_drags_the_keyboard_then_a_flick_springs_it_away(client):
    created = create_session.sync_detailed(
        client=client,
        body=SessionCreateRequest(
            timestamp=0,
            scroll_view=scroll_view(keyboard_dismiss_mode=KeyboardDismissMode.INTERACTIVE),
            screen=SCREEN,
            pinned_views=[PinnedView(id="composer", frame=rect(0, 760, 390, 50))],
        ),
    )
    chat = parsed(created, 201, Session).id
    shown = show_keyboard.sync_detailed(
        client=client, body=ShowRequest(session_id=chat, timestamp=1000, keyboard=keyboard())
    )
    assert parsed(shown, 200, KeyboardEventResponse).session.keyboard_state is KeyboardState.SHOWING

    dragged = drag_keyboard.sync_detailed(
        client=client, body=DragRequest(session_id=chat, timestamp=2000, touch=Point(x=200, y=644))
    )
    drag = parsed(dragged, 200, KeyboardGestureResponse)
    assert drag.keyboard_frame == rect_value(0, 644, 390, 336)
    assert drag.content_inset == insets(0, 0, 216, 0)
    assert [(view.id, view.frame) for view in drag.pinned_views] == [("composer", rect_value(0, 594, 390, 50))]
    assert drag.animation is None
    assert drag.session.id == chat

    released = release_keyboard.sync_detailed(
        client=client, body=ReleaseRequest(session_id=chat, timestamp=2050, velocity=ReleaseRequestVelocity(y=800))
    )
    release = parsed(released, 200, KeyboardGestureResponse)
    assert release.keyboard_frame == rect_value(0, 844, 390, 336)
    assert release.content_inset == insets(0, 0, 50, 0)
    assert release.animation.curve_name is CurveName.SPRING
    assert release.animation.spring == AnimationSpring(damping_ratio=1, initial_velocity=4)
    assert release.animation.css_duration == 500
    assert release.session.keyboard_state is KeyboardState.HIDING


def test_an_android_show_answers_the_resized_list_and_the_synced_curve(client):
    from inset_client.models import (
        AndroidEventResponse,
        NavigationMode,
        Platform,
        SystemBars,
        WindowSoftInputMode,
    )

    body = ShowRequest(
        platform=Platform.ANDROID,
        screen=Size(width=412, height=915),
        system_bars=SystemBars(top=24, bottom=48),
        navigation_mode=NavigationMode.THREEBUTTON,
        window_soft_input_mode=WindowSoftInputMode.ADJUSTRESIZE,
        insets_animation_callback=True,
        scroll_view=ScrollView(frame=rect(0, 80, 412, 787), content_size=Size(width=412, height=2000)),
        focused_rect=rect(16, 700, 380, 56),
        keyboard=KeyboardFields(frame_end=rect(0, 515, 412, 400)),
    )
    answer = parsed(show_keyboard.sync_detailed(client=client, body=body), 200, AndroidEventResponse)
    # docs/android.md's rules, worked by hand in docs/reference.md's Android section: 787 − (400 − 48) and 676 − 435.
    assert answer.window_insets.ime.bottom == 400
    assert answer.window_insets.navigation_bars.bottom == 48
    assert answer.scroll_view.frame == rect_value(0, 80, 412, 435)
    assert (answer.content_offset.x, answer.content_offset.y) == (0, 241)
    assert answer.window_pan.y == 0
    animation = answer.animation
    assert (animation.duration, animation.css_duration, animation.synced) == (0.285, 285, True)
    assert animation.timing_function == "cubic-bezier(0.2, 0, 0, 1)"
    assert animation.scroller.content_offset.to == 241
