// The player site's few behaviours; every page works without them.
document.addEventListener("DOMContentLoaded", () => {
  // The language list submits itself when changed (its button stays for keyboards and no-JS).
  document.querySelectorAll("select[data-autosubmit]").forEach((select) => {
    select.addEventListener("change", () => select.form.submit());
  });
  document.querySelectorAll("[data-print]").forEach((button) => {
    button.addEventListener("click", () => window.print());
  });
  document.querySelectorAll("[data-copy]").forEach((button) => {
    button.addEventListener("click", () => {
      const field = document.getElementById(button.dataset.copy);
      field.select();
      if (navigator.clipboard) navigator.clipboard.writeText(field.value);
    });
  });
});
