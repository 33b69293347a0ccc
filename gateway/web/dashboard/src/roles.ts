// What each role may do in the dashboard, in one place (docs/roles.md). The
// pages ask these named capabilities instead of spelling out role sets, so a
// change of the rules is one edit here. They only hide what a role cannot
// do: the API still decides, and a refusal's message is shown as it comes.

/** roleNames lists the roles, least rights first: each has the rights of those before it. */
export const roleNames = ['viewer', 'uploader', 'admin', 'owner'] as const;
export type Role = (typeof roleNames)[number];

/** atLeast tells whether role has the rights of least; an unknown role has none. */
export function atLeast(role: string, least: Role): boolean {
  return roleNames.indexOf(role as Role) >= roleNames.indexOf(least);
}

/** canEditVideos tells whether role uploads, edits and deletes videos and files them in folders. */
export const canEditVideos = (role: string): boolean => atLeast(role, 'uploader');

/**
 * canAdminister tells whether role manages the account's settings: API and
 * JWT keys, hooks and services, players, categories, people, single sign-on
 * and the audit log.
 */
export const canAdminister = (role: string): boolean => atLeast(role, 'admin');

/** isOwner tells whether role changes what only owners change: owners themselves and the account's sign-in rules. */
export const isOwner = (role: string): boolean => role === 'owner';

/** mayHandle tells whether me may act on someone (a user, an invite) who has role: only an owner touches an owner. */
export const mayHandle = (me: string, role: string): boolean => role !== 'owner' || isOwner(me);

/** grantable lists the roles me may give a person, least rights first (only an owner gives owner). */
export const grantable = (me: string): Role[] => roleNames.filter((r) => mayHandle(me, r));

/** keyRoles lists the roles an API key made by me may have, most rights first: at most me's own. */
export const keyRoles = (me: string): Role[] => roleNames.filter((r) => atLeast(me, r)).reverse();

/** defaultRoles lists the roles single sign-on may give new people by default: any but owner. */
export const defaultRoles: Role[] = roleNames.filter((r) => r !== 'owner');
