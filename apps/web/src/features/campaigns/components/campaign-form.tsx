// PLACEHOLDER (helper A replaces the implementation; keep the exported names and props).
import type { Campaign } from '@marquee/contracts/campaigns';
import type { ReactNode } from 'react';
import type { Detail } from '../../../lib/resources.ts';

export type CampaignFormProps = {
  /** The saved campaign; undefined on /campaign/add. */
  campaign: Detail<Campaign> | undefined;
  /** Read-only: closed, in approval mode, or the user cannot change it. */
  readOnly: boolean;
  /** Approval mode: read-only, no save/deactivate actions, the approval screen adds its own. */
  approval?: boolean;
  /** Fields to highlight as changed since the last approved version (approval screen). */
  changed?: readonly string[];
  /** Extra content above the form (e.g. the approval screen's changes and actions). */
  aside?: ReactNode;
};

export function CampaignForm(_props: CampaignFormProps) {
  return null;
}
