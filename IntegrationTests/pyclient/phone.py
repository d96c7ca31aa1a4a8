"""The geometry docs/examples.md uses, built from the generated models: a 390 x 844 iPhone (the iPhone 14's
screen) with a 2000-pt form, and the 336-pt keyboard that ends at y 508."""

from __future__ import annotations

from http import HTTPStatus
from pathlib import Path

from inset_client.models import (
    EdgeInsetsValue,
    KeyboardFields,
    Problem,
    Rect,
    RectValue,
    SafeAreaInsets,
    ScrollView,
    Size,
)
from inset_client.types import Response

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"


def rect(x: float, y: float, width: float, height: float) -> Rect:
    return Rect(x=x, y=y, width=width, height=height)


def scroll_view(**members) -> ScrollView:
    """The full-screen scroll view with its safe area and a 2000-pt content size, plus `members`."""
    return ScrollView(
        frame=rect(0, 0, 390, 844),
        safe_area_insets=SafeAreaInsets(top=47, left=0, bottom=34, right=0),
        content_size=Size(width=390, height=2000),
        **members,
    )


SCREEN = Size(width=390, height=844)


def keyboard(y: float = 508, height: float = 336) -> KeyboardFields:
    """The keyboard as fields, its end frame at `y`: 0.25 s and curve 7."""
    return KeyboardFields(frame_end=rect(0, y, 390, height), animation_duration=0.25, animation_curve=7)


def insets(top: float, left: float, bottom: float, right: float) -> EdgeInsetsValue:
    return EdgeInsetsValue(top=top, left=left, bottom=bottom, right=right)


def rect_value(x: float, y: float, width: float, height: float) -> RectValue:
    return RectValue(x=x, y=y, width=width, height=height)


def parsed(response: Response, status: int, kind: type):
    """The answer's parsed model, after checking its status and that the generated client parsed it as `kind`."""
    assert response.status_code == HTTPStatus(status), (response.status_code, response.content[:500])
    assert isinstance(response.parsed, kind), type(response.parsed)
    return response.parsed


def problem(response: Response, status: int, slug: str) -> Problem:
    """The RFC 9457 problem the generated client parsed, with its status and `/problems/<slug>` type."""
    answer = parsed(response, status, Problem)
    assert answer.status == status
    assert answer.type_.value == f"/problems/{slug}"
    return answer
