// Object rules: per model, whether an action the user holds on the model applies to one object,
// which actions a user has on an object without a role granting them, and the detail a refusal
// answers with. Operation rules: checks that are not a model permission (who may disable whom).
import { CampaignState, isClosed } from '@marquee/contracts/campaigns';
import { details } from '@marquee/contracts/texts';
import type { Auth } from './access.ts';

type ObjectRule = {
  allows: (auth: Auth, action: string, object: unknown) => boolean;
  /** Actions granted on this object whatever the roles say (e.g. viewing one's own account). */
  grants?: (auth: Auth, object: unknown) => string[];
  denial?: string;
};

const isSelf = (auth: Auth, object: unknown) => (object as { id?: number }).id === auth.user.id;

export type LinkKind = 'location' | 'campaignLocation' | 'advertiser';

/** Whether the user is linked to an object: role permissions say what a user may do, links say to
 * which locations and advertisers. The superuser role is linked to everything. */
export function isLinked(auth: Auth, kind: LinkKind, id: number): boolean {
  if (auth.superuser) return true;
  if (kind === 'location') return auth.links.locations.has(id);
  if (kind === 'campaignLocation') return auth.links.campaignLocations.has(id);
  return auth.links.allAdvertisers || auth.links.advertisers.has(id);
}

/** The same user with one more link (e.g. to the location they just created, before the next request
 * reloads their links). */
export function withLink(auth: Auth, kind: LinkKind, id: number): Auth {
  const key = kind === 'campaignLocation' ? 'campaignLocations' : kind === 'location' ? 'locations' : 'advertisers';
  return { ...auth, links: { ...auth.links, [key]: new Set([...auth.links[key], id]) } };
}

export const linkDenials: Record<LinkKind, string> = {
  location: details.notLocationManager,
  campaignLocation: details.notCampaignManager,
  advertiser: details.notAdvertiserManager,
};

const writes = new Set(['change', 'delete']);
/** Changing or deleting needs the link; viewing and listing do not. */
const linkedFor =
  (kind: LinkKind, idOf: (object: unknown) => number): ObjectRule['allows'] =>
  (auth, action, object) =>
    !writes.has(action) || isLinked(auth, kind, idOf(object));
const field = (name: string) => (object: unknown) => (object as Record<string, number>)[name] ?? 0;

export const objectRules: Record<string, ObjectRule> = {
  /** The superuser role holds every permission by definition; nobody edits or deletes it. */
  role: {
    allows: (_auth, action, object) =>
      !((object as { is_superuser?: boolean }).is_superuser && (action === 'change' || action === 'delete')),
    denial: details.superuserRoleLocked,
  },
  location: { allows: linkedFor('location', field('id')), denial: details.notLocationManager },
  locationzone: { allows: linkedFor('location', field('location')), denial: details.notLocationManager },
  device: { allows: linkedFor('location', field('location')), denial: details.notLocationManager },
  advertiser: { allows: linkedFor('advertiser', field('id')), denial: details.notAdvertiserManager },
  product: { allows: linkedFor('advertiser', field('advertiser')), denial: details.notAdvertiserManager },
  videoclip: {
    allows: linkedFor(
      'advertiser',
      (object) => (object as { product_data: { advertiser: number } }).product_data.advertiser,
    ),
    denial: details.notAdvertiserManager,
  },
  /** Changing (editing, deactivating) needs a campaign that is not closed and the right to send
   * campaigns to every one of its locations; approving (and rejecting) applies to new campaigns only,
   * so `approve_campaign` shows in an object's _permissions just while it waits for approval. */
  campaign: {
    allows: (auth, action, object) => {
      const { state, locations } = object as { state: number; locations: number[] };
      if (action === 'approve') return state === CampaignState.New;
      if (!writes.has(action)) return true;
      return !isClosed(state) && locations.every((id) => isLinked(auth, 'campaignLocation', id));
    },
    denial: details.notCampaignManager,
  },
  /** Everyone may look at their own account (and its event log). */
  user: {
    allows: () => true,
    grants: (auth, object) => (isSelf(auth, object) ? ['view'] : []),
  },
};

type OperationRule = { allows: (auth: Auth, object: unknown) => boolean; denial: string };

export const operationRules = {
  /** Nobody disables their own account (and so locks themselves out). */
  disable_user: { allows: (auth, object) => !isSelf(auth, object), denial: details.cannotDisableSelf },
  /** Enrolling a one-time token needs the authenticator in the owner's hand. */
  enrol_otp: { allows: isSelf, denial: details.ownAccountOnly },
  /** The owner, or whoever may change the user (e.g. a lost phone). */
  disable_otp: {
    allows: (auth, object) => isSelf(auth, object) || auth.permissions.has('change_user'),
    denial: details.permissionDenied,
  },
} satisfies Record<string, OperationRule>;

export type Operation = keyof typeof operationRules;
