"""Signing in through the site's own form, as a person does."""

from playwright.sync_api import expect

from tests.factories import PASSWORD


def sign_in(context, username):
    """A new page of ``context`` signed in as ``username`` (their home page)."""
    page = context.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(username)
    return page
