def test_the_admin_sign_in_page_draws_in_chromium(page, shot):
    page.goto("/admin/login/")
    assert page.get_by_label("Username").is_visible()
    shot(page, "admin-login")
