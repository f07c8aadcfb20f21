"""People (docs/web.md, "Your page"): make a person, their page's data, their settings, save a
seat to their page, a browser's push subscription, a public page, and the mail links (stop the
mails, confirm an address). A person's key travels in request bodies only (their page's link
keeps it after ``#``, which browsers never send), never in a URL the server sees."""

from __future__ import annotations

import hmac
from html import escape
from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field, field_validator

from bazaar.i18n import N_, t
from bazaar.web.errors import WebError
from bazaar.web.people import People
from bazaar.web.routes.common import WebDep, errors, lang_code, refusal_response
from bazaar.web.routes.models import MAX_RAW_NAME, STRICT, _checked_name
from bazaar.web.routes.pages import page
from bazaar.web.schema import LANG_SCHEMA, LangQuery, name_schema

router = APIRouter()

STOPPED = N_("No more e-mails: Bazaar will not write to {email} again.")
CONFIRMED = N_("Thank you: turn notices will be mailed to {email}.")
BAD_LINK = N_("This link is no longer valid (a newer e-mail has a newer one).")
OPEN_PAGE = N_("Your page")


class NewPerson(BaseModel):
    model_config = STRICT
    name: str = Field(default="", max_length=MAX_RAW_NAME, json_schema_extra=name_schema(True))
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)

    @field_validator("name")
    @classmethod
    def _name(cls, raw: str) -> str:
        return _checked_name(raw, allow_empty=True)


class KeyRequest(BaseModel):
    model_config = STRICT
    key: str = Field(max_length=100)
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class PersonChange(KeyRequest):
    name: str | None = Field(default=None, max_length=MAX_RAW_NAME)
    email: str | None = Field(
        default=None, max_length=254, pattern=r"^$|^[^@\s<>\"',;]+@[^@\s<>\"',;]+\.[^@\s<>\"',;]+$"
    )
    mails: Literal["each", "digest", "off"] | None = None
    public: bool | None = None
    page_lang: str | None = Field(default=None, json_schema_extra=LANG_SCHEMA)


class ClaimRequest(BaseModel):
    model_config = STRICT
    #: the person's key (none: a new person is made, named as the seat)
    key: str | None = Field(default=None, max_length=100)
    table: str = Field(max_length=32)
    token: str = Field(max_length=100)
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class PushRequest(KeyRequest):
    endpoint: str = Field(max_length=1000, pattern=r"^https://")
    p256dh: str = Field(max_length=200, pattern=r"^[A-Za-z0-9_-]+=*$")
    auth: str = Field(max_length=100, pattern=r"^[A-Za-z0-9_-]+=*$")


def own_person(person: dict[str, Any]) -> dict[str, Any]:
    """A person as their own page shows them (never their key or mail secret)."""
    keys = ("id", "name", "lang", "email", "mails", "classroom")
    return {
        **{k: person[k] for k in keys},
        "email_confirmed": bool(person["email_confirmed"]),
        "public": bool(person["public"]),
    }


@router.get("/me", include_in_schema=False)
async def me_page() -> Any:
    return page("me.html")


@router.get("/p/{person_id}", include_in_schema=False)
async def public_page(person_id: str) -> Any:
    return page("me.html")


@router.post(
    "/api/people",
    status_code=201,
    summary="Make a person (no password): returns their secret key and page link",
    responses=errors(400, 413, 422, 429),
    response_model=dict[str, Any],
)
async def new_person(
    body: NewPerson, request: Request, web: WebDep
) -> dict[str, Any] | JSONResponse:
    lang = lang_code(body.lang)
    refused = web.too_many_tables(request, lang)  # people count as tables do
    if refused is not None:
        return refused
    person, key = await web.hub.people.create(body.name, lang)
    return {"person": own_person(person), "key": key, "link": f"/me#key={key}"}


@router.post(
    "/api/me",
    summary="A person's page: their tables (waiting for them first), finished games, ratings",
    responses=errors(400, 403, 422),
    response_model=dict[str, Any],
)
async def my_page(body: KeyRequest, web: WebDep) -> dict[str, Any] | JSONResponse:
    lang = lang_code(body.lang)
    people: People = web.hub.people
    try:
        person = await people.by_key(body.key)
    except WebError as exc:
        return refusal_response(exc, lang)
    pusher = web.hub.notices.pusher
    return {
        "person": own_person(person),
        "tables": await people.tables(person, lang),
        "finished": await people.finished(person, lang),
        "ratings": await people.ratings(person, lang),
        "mail": people.mail_ready,
        "push_key": pusher.public_key() if pusher else None,
    }


@router.patch(
    "/api/me",
    summary="Change a person's name, language, e-mail address, mails or publicity",
    responses=errors(400, 403, 409, 422),
    response_model=dict[str, Any],
)
async def change_me(body: PersonChange, web: WebDep) -> dict[str, Any] | JSONResponse:
    lang = lang_code(body.lang)
    people: People = web.hub.people
    fields = body.model_dump(exclude_unset=True, exclude={"key", "lang", "page_lang"})
    if body.page_lang is not None:
        fields["lang"] = lang_code(body.page_lang)
    try:
        person = await people.by_key(body.key)
        before = person["email"]
        person = await people.update(person, fields)
    except WebError as exc:
        return refusal_response(exc, lang)
    mailed = False
    if person["email"] and person["email"] != before:
        mailed = await web.hub.notices.confirm(person)
    return {"person": own_person(person), "confirmation_sent": mailed}


@router.post(
    "/api/me/claim",
    summary="Save a seat (its token) to a person's page; without a key a person is made",
    responses=errors(400, 403, 404, 409, 422),
    response_model=dict[str, Any],
)
async def claim_seat(body: ClaimRequest, web: WebDep) -> dict[str, Any] | JSONResponse:
    lang = lang_code(body.lang)
    try:
        table = await web.hub.keeper.get(body.table)
        person, seat, key = await web.hub.people.claim(body.key, table, body.token, lang)
    except WebError as exc:
        return refusal_response(exc, lang)
    reply: dict[str, Any] = {"ok": True, "person": own_person(person), "seat": seat}
    if key is not None:
        reply.update(key=key, link=f"/me#key={key}")
    return reply


@router.post(
    "/api/me/push",
    summary="Keep a browser's Web Push subscription for a person's turn notices",
    responses=errors(400, 403, 409, 422),
    response_model=dict[str, Any],
)
async def push_subscription(body: PushRequest, web: WebDep) -> dict[str, Any] | JSONResponse:
    lang = lang_code(body.lang)
    try:
        if web.hub.notices.pusher is None:
            raise WebError(409, "push", "this server sends no Web Push (no VAPID key is set)")
        person = await web.hub.people.by_key(body.key)
    except WebError as exc:
        return refusal_response(exc, lang)
    await web.hub.people.add_push(person["id"], body.endpoint, body.p256dh, body.auth)
    return {"ok": True}


@router.get(
    "/api/people/{person_id}",
    summary="A person's public page: their name and ratings, if they allow it",
    responses=errors(400, 404, 422),
    response_model=dict[str, Any],
)
async def public_person(person_id: str, web: WebDep, lang: LangQuery = "en") -> dict[str, Any]:
    code = lang_code(lang)
    people: People = web.hub.people
    person = await people.public(person_id)
    return {
        "person": {"id": person["id"], "name": person["name"]},
        "ratings": await people.ratings(person, code),
    }


async def mail_person(web: Any, person_id: str, key: str) -> dict[str, Any] | None:
    """The person a mail link names, if its secret is theirs."""
    person = await web.hub.people.by_id(person_id)
    if person is None or not hmac.compare_digest(person["mail_key"], key):
        return None
    return dict(person)


def small_page(lang: str, text: str, link: str | None = None) -> HTMLResponse:
    """A page of one sentence (the answer to a mail link), in the person's language."""
    more = f'<p><a href="{escape(link)}">{escape(t(OPEN_PAGE, lang))}</a></p>' if link else ""
    html = (
        f'<!doctype html><html lang="{lang}"><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="stylesheet" href="/static/style.css"><title>Bazaar</title>'
        f'<main class="panel"><p>{escape(text)}</p>{more}</main></html>'
    )
    return HTMLResponse(html)


def bad_link() -> HTMLResponse:
    """A mail link that is no longer valid (whose language is not known: both)."""
    return small_page("en", t(BAD_LINK, "en") + " / " + t(BAD_LINK, "zh-TW"))


@router.api_route("/mail/stop", methods=["GET", "POST"], include_in_schema=False)
async def stop_mails(
    web: WebDep,
    person: str = Query(max_length=32),
    key: str = Query(max_length=64),
) -> HTMLResponse:
    """One click (or the mail program's one-click POST, RFC 8058) stops every turn e-mail."""
    found = await mail_person(web, person, key)
    if found is None:
        return bad_link()
    await web.hub.people.update(found, {"mails": "off"})
    return small_page(found["lang"], t(STOPPED, found["lang"], email=found["email"] or ""), "/me")


@router.get("/mail/confirm", include_in_schema=False)
async def confirm_mail(
    web: WebDep,
    person: str = Query(max_length=32),
    key: str = Query(max_length=64),
) -> HTMLResponse:
    found = await mail_person(web, person, key)
    if found is None or not found["email"]:
        return bad_link()
    await web.hub.people.confirm_email(found["id"])
    return small_page(found["lang"], t(CONFIRMED, found["lang"], email=found["email"]), "/me")
