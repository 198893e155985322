// How the location screens name counts and states.
export const deviceCountLabel = (count: number) => (count === 1 ? '1 device' : `${count} devices`);
