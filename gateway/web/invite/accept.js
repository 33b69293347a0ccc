// The invite page (docs/invites.md). The token travels in the link's
// fragment (#token=...), which browsers never send to a server, so it stays
// out of access logs and Referer headers; this script reads it and posts it
// with the form as JSON. No inline script: the page's CSP allows 'self' only.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("vh-invite-form");
  const status = document.getElementById("vh-invite-status");
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token") || "";
  // Keep the token out of the history and of anything copied from the address bar.
  if (window.location.hash) {
    window.history.replaceState(null, "", window.location.pathname);
  }
  const say = (text, isError) => {
    status.textContent = text;
    status.classList.toggle("vh-error", Boolean(isError));
  };
  if (!token) {
    form.hidden = true;
    say("This invite link is incomplete: open the link from your email again.", true);
    return;
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = form.elements.name.value.trim();
    const password = form.elements.password.value;
    if (password !== form.elements.confirm.value) {
      say("The two passwords differ.", true);
      form.elements.confirm.focus();
      return;
    }
    const button = form.querySelector("button");
    button.disabled = true;
    say("Joining…");
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token, name, password }),
      });
      const body = await response.json();
      if (body.success) {
        // Joined: the form and its intro are done with. Signed in too (the
        // server started the session as the sign-in page would), so the
        // dashboard opens; otherwise the sign-in page is the next step.
        form.hidden = true;
        document.getElementById("vh-invite-intro").hidden = true;
        if (body.result.signed_in) {
          say("Welcome! You have joined as " + body.result.email + ". Opening your dashboard…");
          window.location.assign("/");
          return;
        }
        say("Welcome! You have joined as " + body.result.email + ": sign in to continue.");
        document.getElementById("vh-invite-signin").hidden = false;
        return;
      }
      say((body.errors && body.errors[0] && body.errors[0].message) || "Something went wrong.", true);
    } catch {
      say("The server could not be reached: try again.", true);
    }
    button.disabled = false;
  });
});
