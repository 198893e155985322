// Going ahead although the server refused for the booked campaigns' sake: a location change that leaves
// them without room ("Save anyway"), disabling a location or clip they still use ("Disable anyway").
// The refusal names the campaigns; only a user holding override_capacity is asked whether to go ahead,
// and the server checks that permission again and logs the override.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { OVERRIDE_CAPACITY } from '@marquee/contracts/permissions';
import { isApiError } from '../lib/api-client.ts';
import { useCurrentUser } from '../lib/current-user.ts';

/** Whether the signed-in user may go ahead over capacity (override_capacity). */
export const useCanOverride = () => Boolean(useCurrentUser()?._permissions.includes(OVERRIDE_CAPACITY));

/** Tells a refusal that may be overridden from any other (the contracts' `isRoomTaken`, …). */
export type Overridable = (text: string | undefined) => boolean;

export type AnywayPrompt = {
  /** "Save anyway", "Disable anyway": the dialog's title and its confirm button. */
  title: string;
  /** What going ahead does, said after the refusal. */
  consequence: string;
};

/** The refusal's text when `error` is a 400 that `overridable` recognises, else undefined. */
export function overridableRefusal(error: unknown, overridable: Overridable): string | undefined {
  const text = isApiError(error) && error.status === 400 ? error.fieldErrors.non_field_errors?.[0] : undefined;
  return overridable(text) ? text : undefined;
}

/** Asks whether to go ahead although refused (the refusal, then what going ahead does); true on confirm. */
export const confirmAnyway = ({ title, consequence }: AnywayPrompt, refusal: string) =>
  new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title,
      children: (
        <Text size="sm">
          {refusal} {consequence}
        </Text>
      ),
      labels: { confirm: title, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });

/**
 * Runs `send(false)`. Refused for a reason `overridable` recognises, a user who `canOverride` is asked
 * and, on confirm, `send(true)` runs (with `override_capacity`). Any other error, or a cancel, is thrown
 * as it came (the api client has shown it).
 */
export async function sendOverridable<T>(
  send: (override: boolean) => Promise<T>,
  { canOverride, overridable, prompt }: { canOverride: boolean; overridable: Overridable; prompt: AnywayPrompt },
): Promise<T> {
  try {
    return await send(false);
  } catch (error) {
    const refusal = overridableRefusal(error, overridable);
    if (!refusal || !canOverride || !(await confirmAnyway(prompt, refusal))) throw error;
    return send(true);
  }
}
