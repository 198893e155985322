// Whether the global loading overlay is shown; written by the api client, read by the overlay.
type Listener = () => void;

let visible = false;
const listeners = new Set<Listener>();

export const loadingStore = {
  get: () => visible,
  set(next: boolean) {
    if (next === visible) return;
    visible = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
