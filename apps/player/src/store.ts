// What the player keeps across reloads and power cuts, in IndexedDB (its own database): the device's
// token once paired. Nothing here is ever shown on the screen.
const DATABASE = 'marquee-player';
const STORE = 'settings';

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened.'));
  });
  return opened;
}

/** Runs one request on the settings store and gives its result once the transaction has committed. */
async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = use(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted.'));
  });
}

export const load = <T>(key: string) => run('readonly', (s) => s.get(key) as IDBRequest<T | undefined>);
export const save = (key: string, value: unknown) => run('readwrite', (s) => s.put(value, key)).then(() => undefined);
export const remove = (key: string) => run('readwrite', (s) => s.delete(key)).then(() => undefined);
