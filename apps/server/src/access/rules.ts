// Object rules: per model, whether an action the user holds on the model applies to one object,
// which actions a user has on an object without a role granting them, and the detail a refusal
// answers with. Operation rules: checks that are not a model permission (who may disable whom).
import { CampaignState, isClosed } from '@marquee/contracts/campaigns';
import { OVERRIDE_CAPACITY } from '@marquee/contracts/permissions';
import { details } from '@marquee/contracts/texts';
import { SECOND_FACTOR_ACTION } from '@marquee/contracts/users';
import type { Auth } from './access.ts';

type ObjectRule = {
  allows: (auth: Auth, action: string, object: unknown) => boolean;
  /** Whether the user may know of the object at all; others get 404 (advertiser isolation). */
  visible?: (auth: Auth, object: unknown) => boolean;
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

/** The advertisers whose data (products, clips, campaigns, statistics, log entries) the user may see,
 * or null for all: the superuser role and roles with can_view_all_advertisers (or
 * can_change_all_advertisers) see all; users whose roles all lack both see those they are linked to. */
export function visibleAdvertisers(auth: Auth): ReadonlySet<number> | null {
  if (auth.superuser || auth.links.viewAllAdvertisers || auth.links.allAdvertisers) return null;
  return auth.links.advertisers;
}

/** The list filter of advertiser isolation: nothing for users who see all advertisers, else the
 * advertisers they may see (repositories turn `visible_advertisers` into SQL). */
export function advertiserFilter(auth: Auth): { visible_advertisers?: number[] } {
  const visible = visibleAdvertisers(auth);
  return visible === null ? {} : { visible_advertisers: [...visible].sort((a, b) => a - b) };
}

/** Whether the user may see the data of the advertiser `id`. */
export function seesAdvertiser(auth: Auth, id: number): boolean {
  const visible = visibleAdvertisers(auth);
  return visible === null || visible.has(id);
}

/** The locations a location manager's views are scoped to (the home's figures, the Screens list with
 * `mine`): those of someone linked to locations who is not the superuser; undefined (the whole network)
 * for everyone else. */
export const managedLocations = (auth: Auth): number[] | undefined =>
  !auth.superuser && auth.links.locations.size ? [...auth.links.locations].sort((a, b) => a - b) : undefined;

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
const clipAdvertiser = (object: unknown) =>
  (object as { product_data: { advertiser: number } }).product_data.advertiser;

export const objectRules: Record<string, ObjectRule> = {
  /** The superuser role holds every permission by definition; nobody edits or deletes it. */
  role: {
    allows: (_auth, action, object) =>
      !((object as { is_superuser?: boolean }).is_superuser && (action === 'change' || action === 'delete')),
    denial: details.superuserRoleLocked,
  },
  /** Whoever may list locations may read one (its page is read-only without change_location): the list
   * already shows every field of it, and a seller needs the loop, the hours and the week's fill. */
  location: {
    allows: linkedFor('location', field('id')),
    grants: (auth) => (auth.permissions.has('list_location') ? ['view'] : []),
    denial: details.notLocationManager,
  },
  locationzone: { allows: linkedFor('location', field('location')), denial: details.notLocationManager },
  device: { allows: linkedFor('location', field('location')), denial: details.notLocationManager },
  advertiser: {
    allows: linkedFor('advertiser', field('id')),
    visible: (auth, object) => seesAdvertiser(auth, field('id')(object)),
    denial: details.notAdvertiserManager,
  },
  product: {
    allows: linkedFor('advertiser', field('advertiser')),
    visible: (auth, object) => seesAdvertiser(auth, field('advertiser')(object)),
    denial: details.notAdvertiserManager,
  },
  videoclip: {
    allows: linkedFor('advertiser', clipAdvertiser),
    visible: (auth, object) => seesAdvertiser(auth, clipAdvertiser(object)),
    denial: details.notAdvertiserManager,
  },
  /** Changing (editing, deactivating) needs a campaign that is not closed and the right to send
   * campaigns to every one of its locations; approving (and rejecting) applies to new campaigns only,
   * so `approve_campaign` shows in an object's _permissions just while it waits for approval. */
  campaign: {
    visible: (auth, object) =>
      seesAdvertiser(auth, (object as { videoclip_data: { advertiser: number } }).videoclip_data.advertiser),
    allows: (auth, action, object) => {
      const { state, locations } = object as { state: number; locations: number[] };
      if (action === 'approve') return state === CampaignState.New;
      if (!writes.has(action)) return true;
      return !isClosed(state) && locations.every((id) => isLinked(auth, 'campaignLocation', id));
    },
    denial: details.notCampaignManager,
  },
  /** Everyone may look at their own account (and its event log); `second_factor` says who may switch
   * off require_2fa and remove the token of the account (the operation rules below). */
  user: {
    allows: () => true,
    grants: (auth, object) => [
      ...(isSelf(auth, object) ? ['view'] : []),
      ...(mayDropSecondFactor(auth, object) ? [SECOND_FACTOR_ACTION] : []),
    ],
  },
};

/** Permissions outside the `action_model` naming that still belong to a model's `_permissions`. */
export const modelExtraPermissions: Record<string, readonly string[]> = {
  campaign: [OVERRIDE_CAPACITY],
};

type OperationRule = { allows: (auth: Auth, object: unknown) => boolean; denial: string };

export const operationRules = {
  /** Nobody disables their own account (and so locks themselves out). */
  disable_user: { allows: (auth, object) => !isSelf(auth, object), denial: details.cannotDisableSelf },
  /** Enrolling a one-time token needs the authenticator in the owner's hand. */
  enrol_otp: { allows: isSelf, denial: details.ownAccountOnly },
  /** Whoever may change the user (e.g. a lost phone); on one's own account `own_second_factor` comes first. */
  disable_otp: {
    allows: (auth) => auth.permissions.has('change_user'),
    denial: details.permissionDenied,
  },
  /** Switching off require_2fa or removing the token of one's own account would let a stolen password
   * suffice: only someone above the account does it (outranking is checked besides), never its owner,
   * except the superuser, who has nobody above it. Enrolling and switching require_2fa on stay open. */
  own_second_factor: {
    allows: (auth, object) => !isSelf(auth, object) || auth.superuser,
    denial: details.ownSecondFactor,
  },
} satisfies Record<string, OperationRule>;

export type Operation = keyof typeof operationRules;

/** Whether the user may switch off require_2fa and remove the token of the account `object` (before
 * outranking, which the request checks). */
function mayDropSecondFactor(auth: Auth, object: unknown): boolean {
  return operationRules.own_second_factor.allows(auth, object) && operationRules.disable_otp.allows(auth);
}

/** What decides who may fetch an image's bytes: the object it belongs to. */
export type ImageFacts = {
  model: string;
  objectId: number;
  /** The advertiser of an advertiser's or product's picture (advertiser isolation). */
  advertiser: number | null;
};

/** An image is served to whoever may list or view the object it belongs to (a user also sees their
 * own picture), within the advertisers they may see. */
export function mayViewImage(auth: Auth, image: ImageFacts): boolean {
  if (image.model === 'user' && image.objectId === auth.user.id) return true;
  if (!auth.permissions.has(`view_${image.model}`) && !auth.permissions.has(`list_${image.model}`)) return false;
  return image.advertiser === null || seesAdvertiser(auth, image.advertiser);
}

/** What decides who may fetch an uploaded video (its bytes, thumbnail and preview). */
export type VideoFacts = {
  uploadedBy: number | null;
  /** The clips made of it, with their advertiser. */
  clips: { advertiser: number }[];
  /** The campaigns that play those clips (as the campaign rule needs them). */
  campaigns: { advertiser: number; state: number; locations: number[] }[];
};

const isUploader = (auth: Auth, video: VideoFacts) => video.uploadedBy !== null && video.uploadedBy === auth.user.id;

/** Whether the user may view (or list) clips of the advertiser `advertiser`. */
const viewsClipOf = (auth: Auth, advertiser: number) =>
  seesAdvertiser(auth, advertiser) &&
  (auth.permissions.has('view_videoclip') || auth.permissions.has('list_videoclip'));

/**
 * The bytes of a video go to whoever uploaded it, may view a clip made of it, may put such a clip in a
 * campaign (add or change campaigns, and linked to the clip's advertiser: the clip box), or may change
 * or approve a campaign that plays it; always within the advertisers the user may see. Its thumbnail
 * and preview also go to whoever may view such a campaign (campaign lists show them).
 */
export function mayViewVideo(auth: Auth, video: VideoFacts, part: 'video' | 'still'): boolean {
  if (auth.superuser || isUploader(auth, video)) return true;
  const has = (permission: string) => auth.permissions.has(permission);
  const clipAllowed = video.clips.some(
    ({ advertiser }) =>
      viewsClipOf(auth, advertiser) ||
      (seesAdvertiser(auth, advertiser) &&
        (has('add_campaign') || has('change_campaign')) &&
        isLinked(auth, 'advertiser', advertiser)),
  );
  if (clipAllowed) return true;
  const campaignRule = objectRules.campaign!;
  return video.campaigns.some((campaign) => {
    if (!seesAdvertiser(auth, campaign.advertiser)) return false;
    const object = { ...campaign, videoclip_data: { advertiser: campaign.advertiser } };
    if (has('approve_campaign')) return true;
    if (has('change_campaign') && campaignRule.allows(auth, 'change', object)) return true;
    return part === 'still' && (has('view_campaign') || has('list_campaign'));
  });
}

/**
 * A clip may be made of (or changed to) a video only by its uploader or by a user who may already view
 * a clip made of it: a clip is a way to fetch a video's bytes, so putting someone else's video in one
 * must not be a way to see it. Callers answer a refusal exactly as for a video that does not exist.
 */
export function mayUseVideo(auth: Auth, video: VideoFacts): boolean {
  if (auth.superuser || isUploader(auth, video)) return true;
  return video.clips.some(({ advertiser }) => viewsClipOf(auth, advertiser));
}
