// Team: the account's people and its invites (docs/users.md, invites.md).
// Everyone may read the people; admins change roles, disable and delete
// users below owner, and invite; only an owner touches an owner. The page
// hides what the role cannot do, and the API's answer (a refusal's message
// beside the control it names) is still the authority.
import { useState } from 'preact/hooks';
import { all, del, fieldErrors, patch, post } from '../api';
import { Confirm, Field, Problem } from '../components';
import { date } from '../format';
import { messageOf, text, useAction, useResource, useSubmit, value } from '../resource';
import { canAdminister, grantable, mayHandle, type Role } from '../roles';
import type { Invite, User } from '../types';
import { TeamTabs } from './team-tabs';

const roleWords: Record<Role, string> = {
  viewer: 'Viewer: reads videos and the library',
  uploader: 'Uploader: also uploads and edits videos',
  admin: 'Admin: also manages players, keys, hooks, people and sign-on',
  owner: 'Owner: everything, including other owners',
};

/** manages tells whether me may change user at all (docs/users.md rules): never oneself. */
const manages = (me: string, user: User, myID: string) => canAdminister(me) && user.id !== myID && mayHandle(me, user.role);

export function TeamPage({ role, userID }: { role: string; userID: string }) {
  const admin = canAdminister(role);
  const people = useResource(() => all<User>('/v2/users'), []);
  const invited = useResource(() => (admin ? all<Invite>('/v2/invites') : Promise.resolve(null)), [admin]);
  const users = people.data;
  const invites = invited.data;
  const problem = invited.problem || people.problem;
  const load = async () => {
    await people.reload();
    await invited.reload();
  };

  return (
    <section class="vh-page">
      <h1>Team</h1>
      <TeamTabs current="team" role={role} />
      <p>The people who can sign in to this account, and what each may do (<a href="/docs/api">roles in the API reference</a>).</p>
      {!admin && <p class="vh-note">Your role is {role}: only admins and owners change roles or invite people.</p>}
      <Problem message={problem} />
      {users && <UsersTable users={users} role={role} userID={userID} onChanged={load} />}
      {admin && (
        <>
          <InviteForm role={role} onInvited={load} />
          {invites && <InvitesList invites={invites} role={role} onChanged={load} />}
        </>
      )}
    </section>
  );
}

function UsersTable({ users, role, userID, onChanged }: { users: User[]; role: string; userID: string; onChanged: () => Promise<void> }) {
  const [deleting, setDeleting] = useState<User | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fail = (id: string, error: unknown) => setErrors({ ...errors, [id]: fieldErrors(error, ['role', 'enabled']).role || messageOf(error) });
  const change = async (user: User, body: Partial<User>) => {
    try {
      await patch(`/v2/users/${user.id}`, body);
      setErrors({ ...errors, [user.id]: '' });
      await onChanged();
    } catch (error) {
      fail(user.id, error);
    }
  };
  const remove = async () => {
    const user = deleting;
    setDeleting(null);
    if (!user) return;
    try {
      await del(`/v2/users/${user.id}`);
      await onChanged();
    } catch (error) {
      fail(user.id, error);
    }
  };
  return (
    <>
      <h2 id="vh-users-title">People</h2>
      <table class="vh-table" aria-labelledby="vh-users-title">
        <thead>
          <tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Sign-in</th><th scope="col">Status</th><th scope="col"><span class="vh-visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-user-email={user.email}>
              <td data-label="Name">
                <strong>{user.name || '(no name yet)'}</strong>{user.id === userID && ' (you)'}
                <br /><span class="vh-hint">{user.email}</span>
              </td>
              <td data-label="Role">
                {manages(role, user, userID)
                  ? <RoleForm user={user} choices={grantable(role)} error={errors[user.id] ?? ''} onSave={(next) => void change(user, { role: next })} />
                  : <span data-role={user.role}>{user.role}</span>}
              </td>
              <td data-label="Sign-in">
                {user.authentication === 'sso' ? 'Single sign-on' : 'Password'}
                {user.mfa_required && ' + code'}
              </td>
              <td data-label="Status">{user.enabled ? 'Active' : 'Disabled'}</td>
              <td class="vh-row-actions">
                {manages(role, user, userID) && (
                  <span class="vh-actions-start">
                    <button type="button" class="vh-button vh-button-small" onClick={() => void change(user, { enabled: !user.enabled })}>
                      {user.enabled ? 'Disable' : 'Enable'}<span class="vh-visually-hidden"> {user.email}</span>
                    </button>
                    <button type="button" class="vh-button vh-button-small vh-button-danger" onClick={() => setDeleting(user)}>
                      Delete<span class="vh-visually-hidden"> {user.email}</span>
                    </button>
                  </span>
                )}
                {!manages(role, user, userID) && errors[user.id] && <Problem message={errors[user.id]} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Confirm open={deleting !== null} title={`Delete ${deleting?.email ?? ''}?`} action="Delete user" onConfirm={() => void remove()} onCancel={() => setDeleting(null)}>
        <p>They are signed out everywhere and can no longer sign in. Their videos stay. To let them back later, disable them instead.</p>
      </Confirm>
    </>
  );
}

/** RoleForm is one user's role with a Save button: a select alone would save on every arrow key. */
function RoleForm({ user, choices, error, onSave }: { user: User; choices: Role[]; error: string; onSave: (role: Role) => void }) {
  const [chosen, setChosen] = useState<Role>(user.role as Role);
  const id = `vh-role-${user.id}`;
  return (
    <form class="vh-row-form" onSubmit={(e) => { e.preventDefault(); onSave(chosen); }}>
      <label class="vh-visually-hidden" for={id}>Role of {user.email}</label>
      <select id={id} value={chosen} aria-describedby={`${id}-error`} aria-invalid={!!error} onChange={(e) => setChosen(e.currentTarget.value as Role)}>
        {(choices.includes(user.role as Role) ? choices : [user.role as Role, ...choices]).map((r) => <option key={r} value={r}>{r}</option>)}
      </select>
      <button type="submit" class="vh-button vh-button-small" disabled={chosen === user.role}>
        Save<span class="vh-visually-hidden"> the role of {user.email}</span>
      </button>
      <span class="vh-field-error" id={`${id}-error`} role="alert">{error}</span>
    </form>
  );
}

function InviteForm({ role, onInvited }: { role: string; onInvited: () => Promise<void> }) {
  const [sent, setSent] = useState('');
  const { errors, busy, onSubmit: submit } = useSubmit(
    ['email', 'role', 'name'],
    async (data) => {
      const body: Record<string, string> = { email: text(data, 'email'), role: value(data, 'role') };
      const name = text(data, 'name');
      if (name) body.name = name;
      setSent('');
      const invite = await post<Invite>('/v2/invites', body);
      setSent(`Invite sent to ${invite.email}. The link works for 7 days.`);
      await onInvited();
    },
    { '': '' },
  );
  const planRefused = errors[''] && /plan/.test(errors['']);
  return (
    <form class="vh-form" onSubmit={submit} aria-labelledby="vh-invite-title" noValidate>
      <h2 id="vh-invite-title">Invite someone</h2>
      <p class="vh-hint">They get an email with a link to choose their name and password.</p>
      <Field id="vh-invite-email" label="Email" error={errors.email}>
        {(aria) => <input {...aria} name="email" type="email" required autoComplete="off" maxLength={254} />}
      </Field>
      <Field id="vh-invite-role" label="Role" error={errors.role}>
        {(aria) => (
          <select {...aria} name="role">
            {grantable(role).map((r) => <option key={r} value={r} selected={r === 'viewer'}>{roleWords[r]}</option>)}
          </select>
        )}
      </Field>
      <Field id="vh-invite-name" label="Name (optional)" hint="A suggestion; they choose their own when accepting." error={errors.name}>
        {(aria) => <input {...aria} name="name" maxLength={100} />}
      </Field>
      <p class="vh-field-error" role="alert">
        {errors['']}
        {planRefused && <> See <a href="/account">Plan and usage</a> for the account’s seats.</>}
      </p>
      <p class="vh-ok" role="status">{sent}</p>
      <p><button type="submit" class="vh-button vh-button-primary" disabled={busy}>Send invite</button></p>
    </form>
  );
}

function InvitesList({ invites, role, onChanged }: { invites: Invite[]; role: string; onChanged: () => Promise<void> }) {
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const { problem, setProblem, run } = useAction();
  const [said, setSaid] = useState('');
  const open = invites.filter((i) => i.status !== 'accepted');
  const act = (what: () => Promise<unknown>, done: string) =>
    run(async () => {
      await what();
      setProblem('');
      setSaid(done);
      await onChanged();
    });
  const revoke = () => {
    const invite = revoking;
    setRevoking(null);
    if (invite) act(() => del(`/v2/invites/${invite.id}`), `The invite to ${invite.email} is revoked: its link no longer works.`);
  };
  return (
    <>
      <h2 id="vh-invites-title">Invites waiting</h2>
      <Problem message={problem} />
      <p class="vh-visually-hidden" role="status">{said}</p>
      {open.length === 0 && <p class="vh-empty">No invites waiting. Invite someone above: they join with the role you choose.</p>}
      {open.length > 0 && (
        <table class="vh-table" aria-labelledby="vh-invites-title">
          <thead>
            <tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col"><span class="vh-visually-hidden">Actions</span></th></tr>
          </thead>
          <tbody>
            {open.map((invite) => (
              <tr key={invite.id} data-invite-email={invite.email}>
                <td data-label="Email">{invite.email}</td>
                <td data-label="Role">{invite.role}</td>
                <td data-label="Status">
                  {invite.status === 'pending' ? `Pending until ${date(invite.expires_time)}` : 'Expired: resend it to renew the link'}
                </td>
                <td class="vh-row-actions">
                  {mayHandle(role, invite.role) && (
                    <span class="vh-actions-start">
                      <button type="button" class="vh-button vh-button-small" onClick={() => act(() => post(`/v2/invites/${invite.id}/resend`, undefined), `A new link was sent to ${invite.email}.`)}>
                        Resend<span class="vh-visually-hidden"> to {invite.email}</span>
                      </button>
                      <button type="button" class="vh-button vh-button-small vh-button-danger" onClick={() => setRevoking(invite)}>
                        Revoke<span class="vh-visually-hidden"> the invite to {invite.email}</span>
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Confirm open={revoking !== null} title={`Revoke the invite to ${revoking?.email ?? ''}?`} action="Revoke invite" onConfirm={revoke} onCancel={() => setRevoking(null)}>
        <p>The link in their email stops working at once. You can invite them again later.</p>
      </Confirm>
    </>
  );
}
