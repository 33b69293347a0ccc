// The sub-navigation of the Team and Account sections: a list of links
// with aria-current on the page shown, so the sections' pages are one
// keyboard stop apart and each still has its own address.
import { atLeast, type Role } from '../roles';

interface Tab {
  href: string;
  label: string;
  page: string;
  least: Role;
}

const team: Tab[] = [
  { href: '/team', label: 'People and invites', page: 'team', least: 'viewer' },
  { href: '/team/sso', label: 'Single sign-on', page: 'sso', least: 'admin' },
];

const account: Tab[] = [
  { href: '/account', label: 'Plan and usage', page: 'account', least: 'viewer' },
  { href: '/account/security', label: 'Your sign-in security', page: 'security', least: 'viewer' },
  { href: '/account/audit-log', label: 'Audit log', page: 'auditlog', least: 'admin' },
];

function Tabs({ tabs, label, current, role }: { tabs: Tab[]; label: string; current: string; role: string }) {
  return (
    <nav class="vh-tabs" aria-label={label}>
      <ul>
        {tabs.filter((tab) => atLeast(role, tab.least)).map((tab) => (
          <li key={tab.href}>
            <a href={tab.href} aria-current={tab.page === current ? 'page' : undefined}>{tab.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const TeamTabs = ({ current, role }: { current: string; role: string }) => <Tabs tabs={team} label="Team" current={current} role={role} />;
export const AccountTabs = ({ current, role }: { current: string; role: string }) => <Tabs tabs={account} label="Account" current={current} role={role} />;
