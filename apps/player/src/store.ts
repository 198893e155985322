// What the player keeps across reloads and power cuts, in IndexedDB (its own database): its settings
// (the device token once paired, the playlist held, counters) and the queue of plays not yet
// acknowledged by the server. Nothing here is ever shown on the screen.
const DATABASE = 'marquee-player';
const SETTINGS = 'settings';
/** Plays waiting to be sent, keyed by an increasing number (oldest first). */
export const PLAYS = 'plays';

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 2);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SETTINGS)) db.createObjectStore(SETTINGS);
      if (!db.objectStoreNames.contains(PLAYS)) db.createObjectStore(PLAYS, { autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened.'));
  });
  return opened;
}

/** Runs `use` in one transaction on `store` and gives its result once the transaction has committed
 * (so a play is on disk before the player counts it as kept). */
export async function transact<T>(
  store: string,
  mode: IDBTransactionMode,
  use: (store: IDBObjectStore) => IDBRequest<T> | (() => T),
): Promise<T> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const used = use(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(typeof used === 'function' ? used() : used.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted.'));
  });
}

export const load = <T>(key: string) => transact(SETTINGS, 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>);
export const save = (key: string, value: unknown) =>
  transact(SETTINGS, 'readwrite', (s) => s.put(value, key)).then(() => undefined);
export const remove = (key: string) => transact(SETTINGS, 'readwrite', (s) => s.delete(key)).then(() => undefined);
