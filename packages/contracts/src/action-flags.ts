// Action types of log entries (spec §3).
export const ActionFlag = {
  Addition: 1,
  Change: 2,
  Deletion: 3,
  Information: 10,
  Warning: 20,
  Error: 30,
  CriticalError: 40,
} as const;
export type ActionFlag = (typeof ActionFlag)[keyof typeof ActionFlag];

export const actionFlagNames: Record<ActionFlag, string> = {
  1: 'Addition',
  2: 'Change',
  3: 'Deletion',
  10: 'Information',
  20: 'Warning',
  30: 'Error',
  40: 'Critical Error',
};

export const actionFlagValues = Object.values(ActionFlag) as ActionFlag[];

export function actionFlagName(flag: number): string {
  return actionFlagNames[flag as ActionFlag] ?? String(flag);
}
