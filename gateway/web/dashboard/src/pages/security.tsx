// Account → Your sign-in security: the signed-in person's multi-factor
// codes (docs/authentication.md). Enrolling shows the secret once — the
// QR code the API draws (a PNG data: URL, so no QR library ships here),
// the otpauth:// link and the secret as text for typing —, a first code
// turns it on and answers ten recovery codes, shown once. A code (or a
// recovery code) turns it off again.
import { useState } from 'preact/hooks';
import { fieldErrors, get, post } from '../api';
import { CopyButton, Field, Problem } from '../components';
import { text, useAction, useResource } from '../resource';
import type { MFAEnrolment, User } from '../types';
import { AccountTabs } from './team-tabs';

export function SecurityPage({ role, userID }: { role: string; userID: string }) {
  const { data: me, problem, reload } = useResource(() => get<User>(`/v2/users/${userID}`), [userID]);
  const load = () => void reload();
  return (
    <section class="vh-page">
      <h1>Your sign-in security</h1>
      <AccountTabs current="security" role={role} />
      <Problem message={problem} />
      {me?.authentication === 'sso' && (
        <p class="vh-note">You sign in through your organisation’s single sign-on: its provider asks for your second factor, not Vidhost.</p>
      )}
      {me && me.authentication !== 'sso' && !me.mfa_required && <MfaEnrolment onDone={load} />}
      {me && me.authentication !== 'sso' && me.mfa_required && <MfaOn onOff={load} />}
      <h2>Password</h2>
      <p>Forgot it, or want a new one? <a href="/reset-password">Reset your password</a> by email; signing out everywhere is in the account menu.</p>
    </section>
  );
}

/**
 * MfaEnrolment walks enrolment: start, scan or type the secret, confirm
 * with a code, keep the recovery codes. Used on the page above and when the
 * account requires codes of someone who has none (the shell's gate).
 */
export function MfaEnrolment({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<MFAEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({ '': '' });
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      setEnrolment(await post<MFAEnrolment>('/v2/users/me/mfa', {}));
      setErrors({ '': '' });
    } catch (error) {
      setErrors(fieldErrors(error, []));
    }
    setBusy(false);
  };
  const confirm = async (event: Event) => {
    event.preventDefault();
    const code = text(new FormData(event.currentTarget as HTMLFormElement), 'code');
    setBusy(true);
    try {
      const answer = await post<{ recovery_codes: string[] }>('/v2/users/me/mfa/confirm', { code });
      setCodes(answer.recovery_codes);
      setEnrolment(null);
      setErrors({ '': '' });
    } catch (error) {
      setErrors(fieldErrors(error, ['code']));
    }
    setBusy(false);
  };

  if (codes) {
    return (
      <div class="vh-secret" role="region" aria-labelledby="vh-recovery-title">
        <h2 id="vh-recovery-title">Multi-factor sign-in is on</h2>
        <p>Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only this once.</p>
        <ul class="vh-recovery-codes" id="vh-recovery-codes">
          {codes.map((c) => <li key={c}><code>{c}</code></li>)}
        </ul>
        <p class="vh-actions-start">
          <CopyButton text={codes.join('\n')} label="Copy the recovery codes" />
          <button type="button" class="vh-button" onClick={onDone}>I have kept them</button>
        </p>
      </div>
    );
  }
  return (
    <>
      <h2>Multi-factor sign-in</h2>
      {!enrolment && (
        <>
          <p>Off. Turn it on to be asked for a code from an authenticator app (any TOTP app) after your password.</p>
          <Problem message={errors['']} />
          <button type="button" class="vh-button vh-button-primary" onClick={() => void start()} disabled={busy}>Set up an authenticator app</button>
        </>
      )}
      {enrolment && (
        <div class="vh-enrol">
          <ol>
            <li>
              Scan this code with your authenticator app:
              <img class="vh-qr" src={enrolment.qr_code} alt="QR code of your multi-factor secret, for your authenticator app" width={200} height={200} />
              or, on this device, <a href={enrolment.uri}>open it in your authenticator app</a>, or type the secret:
              <span class="vh-secret-value">
                <code id="vh-mfa-secret">{enrolment.secret}</code>
                <CopyButton text={enrolment.secret} label="Copy the secret" />
              </span>
            </li>
            <li>
              <form class="vh-row-form" onSubmit={(event) => void confirm(event)}>
                <Field id="vh-mfa-code" label="Then enter the 6-digit code it shows" error={errors.code || errors['']}>
                  {(aria) => <input {...aria} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />}
                </Field>
                <button type="submit" class="vh-button vh-button-primary" disabled={busy}>Turn on</button>
              </form>
            </li>
          </ol>
        </div>
      )}
    </>
  );
}

/** MfaOn: codes are on; a current or recovery code turns them off. */
function MfaOn({ onOff }: { onOff: () => void }) {
  const { busy, problem: error, setProblem: setError, run } = useAction();
  const disable = (event: Event) => {
    event.preventDefault();
    const code = text(new FormData(event.currentTarget as HTMLFormElement), 'code');
    run(async () => {
      await post('/v2/users/me/mfa/disable', { code });
      setError('');
      onOff();
    });
  };
  return (
    <>
      <h2>Multi-factor sign-in</h2>
      <p class="vh-ok"><strong>On</strong>: you sign in with your password and a code from your authenticator app.</p>
      <form class="vh-row-form" onSubmit={disable}>
        <Field id="vh-mfa-off-code" label="To turn it off, enter a current code or a recovery code" error={error}>
          {(aria) => <input {...aria} name="code" autoComplete="one-time-code" maxLength={19} required />}
        </Field>
        <button type="submit" class="vh-button vh-button-danger" disabled={busy}>Turn off</button>
      </form>
    </>
  );
}
