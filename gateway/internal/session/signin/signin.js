// The sign-in, sign-out and password reset pages (docs/authentication.md). The form is an
// ordinary one, so password managers fill it; this script posts it as JSON
// to /v2/session, which sets the HttpOnly session cookie. When the user has
// multi-factor codes the answer is mfa_code_required: the code field shows
// and the form is sent again with it. No inline script: the page's CSP
// allows 'self' only.
"use strict";

const say = (text, isError) => {
  const status = document.getElementById("vh-signin-status");
  status.textContent = text;
  status.classList.toggle("vh-error", Boolean(isError));
};

const firstError = (body) =>
  (body && body.errors && body.errors[0]) || { code: "", message: "Something went wrong." };

// safeNext is the gateway's SafeNext (gateway/web/redirect.go) again, so
// the page holds even if the server's value were bypassed: resolved with
// the URL parser against this origin, kept only as a path of this origin;
// control characters and backslashes (which browsers drop or read as "/",
// making "/\t/evil" into "//evil") are refused; anything else is "/".
const safeNext = (raw) => {
  if (!raw || raw.length > 2048 || /[\u0000-\u001f\u007f-\u009f\\]/.test(raw)) {
    return "/";
  }
  let target;
  try {
    target = new URL(raw, window.location.origin);
  } catch {
    return "/";
  }
  if (target.origin !== window.location.origin || target.username || target.password) {
    return "/";
  }
  const path = target.pathname + target.search + target.hash;
  return path.startsWith("/") && !path.startsWith("//") ? path : "/";
};

// next is where a signed-in user goes: the server's resolved ?next= (the
// form's data-next), or the dashboard.
const next = () => safeNext(document.getElementById("vh-signin-form").dataset.next || "/");

const signIn = (form) => {
  const codeStep = document.getElementById("vh-signin-code-step");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    say("Signing in…");
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: form.elements.email.value.trim(),
          password: form.elements.password.value,
          code: form.elements.code.value.trim(),
        }),
      });
      const body = await response.json();
      if (body.success) {
        say("You are signed in.");
        form.hidden = true;
        window.location.assign(next());
        return;
      }
      const error = firstError(body);
      if (error.code === "mfa_code_required") {
        codeStep.hidden = false;
        form.elements.code.focus();
      }
      say(error.message, true);
    } catch {
      say("The server could not be reached: try again.", true);
    }
    button.disabled = false;
  });
};

const signOut = (form) => {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const current = await fetch(form.action, { credentials: "same-origin" });
      const session = await current.json();
      if (!session.success) {
        say("You are not signed in.");
        return;
      }
      const everywhere = form.elements.everywhere.checked;
      const response = await fetch(everywhere ? form.action + "s" : form.action, {
        method: "DELETE",
        credentials: "same-origin",
        headers: { "X-CSRF-Token": session.result.csrf_token },
      });
      const body = await response.json();
      if (body.success) {
        form.hidden = true;
        say("You are signed out.");
        return;
      }
      say(firstError(body).message, true);
    } catch {
      say("The server could not be reached: try again.", true);
    }
  });
};

// postJSON posts body to url and says what the envelope answered.
const postJSON = async (url, body, done) => {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (answer.success) {
      say(done);
      return true;
    }
    say(firstError(answer).message, true);
  } catch {
    say("The server could not be reached: try again.", true);
  }
  return false;
};

// resetPassword runs /reset-password: without a token, ask for a link;
// opened from the link (#token=…), choose the new password.
const resetPassword = (requestForm, resetForm) => {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token") || "";
  if (window.location.hash) {
    // Keep the token out of the history and of anything copied from the address bar.
    window.history.replaceState(null, "", window.location.pathname);
  }
  if (token) {
    requestForm.hidden = true;
    resetForm.hidden = false;
  }
  requestForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    await postJSON(requestForm.action, { email: requestForm.elements.email.value.trim() },
      "If this email has a password here, a link to reset it is on its way.");
  });
  resetForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await postJSON(resetForm.action, { token, password: resetForm.elements.password.value },
      "Your password is set and every session is signed out: sign in again.")) {
      resetForm.hidden = true;
    }
  });
};

document.addEventListener("DOMContentLoaded", () => {
  const requestForm = document.getElementById("vh-reset-request-form");
  if (requestForm) {
    resetPassword(requestForm, document.getElementById("vh-reset-form"));
  }
  const inForm = document.getElementById("vh-signin-form");
  if (inForm) {
    signIn(inForm);
  }
  const outForm = document.getElementById("vh-signout-form");
  if (outForm) {
    signOut(outForm);
  }
});
