// The header's unread count follows the inbox while a page stays open: it asks the API every
// data-poll-ms, and at once when the tab comes back into view. Without it the count is the
// page's own, as rendered.
document.addEventListener("DOMContentLoaded", () => {
  const link = document.querySelector("[data-unread-url]");
  if (!link) return;
  const badge = link.querySelector("[data-unread-count]");
  const every = Number(link.dataset.pollMs) || 30000;
  const show = (count) => {
    badge.textContent = count > 99 ? "99+" : String(count);
    badge.hidden = count === 0;
    link.classList.toggle("has-unread", count > 0);
  };
  const refresh = () => {
    if (document.hidden) return;
    fetch(link.dataset.unreadUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((body) => { if (body && typeof body.count === "number") show(body.count); })
      .catch(() => {});
  };
  setInterval(refresh, every);
  document.addEventListener("visibilitychange", refresh);
});
