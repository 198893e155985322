// Whether an error is a script of the app that could not be loaded: after a deploy the old build's
// chunks are gone (their names carry a hash), or the network dropped. Reloading the page fetches the
// current build. The browsers word it differently; Vite's own preload adds one more.
const CHUNK_LOAD_FAILURES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return CHUNK_LOAD_FAILURES.some((failure) => message.includes(failure));
}
