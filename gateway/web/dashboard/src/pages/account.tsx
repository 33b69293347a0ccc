// Account → Plan and usage: the plan, what it includes, and how much of it
// the account uses (docs/account.md). Three small reads, one per service
// that owns the numbers; a read that fails leaves the others on the page.
// Owners also switch the account's multi-factor requirement here.
import type { ComponentChildren } from 'preact';
import { APIError, get, put } from '../api';
import { Problem } from '../components';
import { bytes } from '../format';
import { useAction, useResource } from '../resource';
import { isOwner } from '../roles';
import type { AccountSummary, UploadUsage, VideoUsage } from '../types';
import { AccountTabs } from './team-tabs';

/** read answers the resource, or the refusal as a value: each read's problem is shown where its numbers would be. */
async function read<T>(path: string): Promise<T | APIError> {
  try {
    return await get<T>(path);
  } catch (error) {
    return error instanceof APIError ? error : new APIError(0, 'internal', String(error));
  }
}

export function AccountPage({ role }: { role: string }) {
  const accountRead = useResource(() => read<AccountSummary>('/v2/account'), []);
  const uploadsRead = useResource(() => read<UploadUsage>('/v2/account/uploads'), []);
  const videosRead = useResource(() => read<VideoUsage>('/v2/account/videos'), []);
  const account = accountRead.data;
  const uploads = uploadsRead.data;
  const videos = videosRead.data;
  const load = () => {
    void accountRead.reload();
    void uploadsRead.reload();
    void videosRead.reload();
  };
  const summary = account instanceof APIError ? null : account;
  return (
    <section class="vh-page">
      <h1>Plan and usage</h1>
      <AccountTabs current="account" role={role} />
      {account instanceof APIError && <Problem message={account.message} />}
      {summary && <Plan account={summary} />}
      <h2>Usage</h2>
      <dl class="vh-usage">
        {summary && (
          <Meter
            label="People"
            used={summary.users + summary.pending_invites}
            limit={summary.limits?.max_users ?? 0}
            words={`${summary.users} ${summary.users === 1 ? 'person' : 'people'} and ${summary.pending_invites} pending ${summary.pending_invites === 1 ? 'invite' : 'invites'}${summary.limits ? ` of ${summary.limits.max_users}` : ''}`}
            full="Every seat is taken: remove someone or revoke an invite before inviting more, or move to a larger plan."
          />
        )}
        {uploads instanceof APIError && <UsageProblem label="Storage" error={uploads} />}
        {uploads && !(uploads instanceof APIError) && <Storage usage={uploads} />}
        {videos instanceof APIError && <UsageProblem label="Videos" error={videos} />}
        {videos && !(videos instanceof APIError) && summary && <Videos usage={videos} account={summary} />}
        {videos && !(videos instanceof APIError) && !summary && <Videos usage={videos} account={null} />}
      </dl>
      {summary && isOwner(role) && <MfaRequirement account={summary} onChanged={load} />}
    </section>
  );
}

function Plan({ account }: { account: AccountSummary }) {
  const l = account.limits;
  const yes = (on: boolean) => (on ? 'Included' : 'Not included');
  return (
    <>
      <p>
        <strong>{account.name}</strong> is on the <strong class="vh-plan" data-plan={account.plan}>{account.plan}</strong> plan.
        {' '}To change plans, ask the operator of this Vidhost installation.
      </p>
      {l && <h2>What the plan includes</h2>}
      {l && <dl class="vh-facts">
        <dt>People</dt><dd>up to {l.max_users}</dd>
        <dt>Storage for uploads</dt><dd>{bytes(Number(l.upload_quota_bytes))}</dd>
        <dt>Live streaming</dt><dd>{l.live_streaming ? `Included: ${l.max_live_events} at once, up to ${Number(l.max_ingest_bitrate) / 1e6} Mbit/s, ${l.max_restreams ?? 0} restreams per event` : 'Not included'}</dd>
        <dt>Audit log</dt><dd>{yes(l.audit_logs)}</dd>
      </dl>}
    </>
  );
}

/** Meter is one usage row: the words, a <meter> when there is a limit, and any note (children). */
function Meter({ label, used, limit, words, full, children }: { label: string; used: number; limit: number; words: string; full: string; children?: ComponentChildren }) {
  const id = `vh-usage-${label.toLowerCase()}`;
  return (
    <div class="vh-usage-row" data-usage={label.toLowerCase()}>
      <dt id={id}>{label}</dt>
      <dd>
        {limit > 0 && <meter aria-labelledby={id} min={0} max={limit} value={Math.min(used, limit)} high={limit * 0.9} />}
        <span>{words}</span>
        {limit > 0 && used >= limit && <span class="vh-hint"> {full}</span>}
        {children}
      </dd>
    </div>
  );
}

function Storage({ usage }: { usage: UploadUsage }) {
  const used = Number(usage.bytes);
  const quota = Number(usage.quota_bytes);
  const whose = usage.quota_plan ? `the ${usage.quota_plan} plan’s quota` : 'the quota set for this account';
  return (
    <Meter
      label="Storage"
      used={used}
      limit={quota}
      words={`${bytes(used)} of ${bytes(quota)} (${whose})`}
      full="Uploads are refused until older ones are deleted or expire."
    >
      {!usage.uploads_enabled && <span class="vh-note">Uploads are switched off for this account by the operator.</span>}
    </Meter>
  );
}

function Videos({ usage, account }: { usage: VideoUsage; account: AccountSummary | null }) {
  const minutes = Math.round(usage.duration_seconds / 60);
  const live = account?.limits?.live_streaming;
  return (
    <>
      <Meter
        label="Minutes"
        used={minutes}
        limit={0}
        words={`${minutes.toLocaleString()} ${minutes === 1 ? 'minute' : 'minutes'} in ${usage.videos} ${usage.videos === 1 ? 'video' : 'videos'} (${usage.ready_videos} ready)`}
        full=""
      >
        {usage.videos === 0 && <span class="vh-empty">No videos yet: <a href="/upload">upload your first</a>.</span>}
      </Meter>
      {live && (
        <Meter
          label="Live"
          used={usage.live_now}
          limit={account?.limits?.max_live_events ?? 0}
          words={`${usage.live_now} of ${account?.limits?.max_live_events ?? 0} live now; ${usage.live_events} live ${usage.live_events === 1 ? 'event' : 'events'} in all`}
          full="Another publisher is refused until one ends."
        />
      )}
    </>
  );
}

function UsageProblem({ label, error }: { label: string; error: APIError }) {
  return (
    <div class="vh-usage-row">
      <dt>{label}</dt>
      <dd><Problem message={error.message} /></dd>
    </div>
  );
}

/** MfaRequirement: the owner's switch requiring codes of everyone (docs/authentication.md). */
function MfaRequirement({ account, onChanged }: { account: AccountSummary; onChanged: () => void }) {
  const { busy, problem, setProblem, run } = useAction();
  const toggle = () =>
    run(async () => {
      await put('/v2/account/mfa_required', { required: !account.mfa_required });
      setProblem('');
      onChanged();
    });
  return (
    <>
      <h2>Multi-factor sign-in for everyone</h2>
      <p>
        {account.mfa_required
          ? 'Required: everyone signs in with a code from an authenticator app. People without one must set it up before they can use the dashboard.'
          : 'Not required: each person chooses. Require it to make everyone set up an authenticator app.'}
      </p>
      <Problem message={problem} />
      <button type="button" class="vh-button" onClick={toggle} disabled={busy}>
        {account.mfa_required ? 'Stop requiring codes' : 'Require codes for everyone'}
      </button>
    </>
  );
}
