// How the location screens name counts and states.
export const deviceCountLabel = (count: number) => (count === 1 ? '1 device' : `${count} devices`);

/** Online of total ("1 of 2 devices online"), so a location whose screens are all dark does not look fine. */
export const devicesOnlineLabel = (online: number, total: number) =>
  total === 0 ? 'No devices' : `${online} of ${deviceCountLabel(total)} online`;
