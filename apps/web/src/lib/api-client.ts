// The one place that knows about CSRF, `x-expire-at`, `x-imm-version`, 401 queueing, 403 and the
// error catalogue. It has no React in it: the UI registers event handlers (modals, toasts,
// navigation), and tests inject fetch, the clock and timers.
import type { LoginBody, UserInfo } from '@marquee/contracts/auth';
// Not from contracts/auth, whose zod schemas would then load on the sign-in page.
import {
  CSRF_COOKIE,
  EXPIRE_HEADER,
  LOADING_OVERLAY_DELAY_MS,
  SESSION_RECHECK_DELAY_MS,
  VERSION_HEADER,
} from '@marquee/contracts/constants';
import { details } from '@marquee/contracts/texts';
import { authEndpoint, userInfoEndpoint } from '@marquee/contracts/resources';
import { readDocumentCookie } from './cookies.ts';
import {
  buildUrl,
  readBody,
  readFile,
  xhrUpload,
  type DownloadProgress,
  type QueryParams,
  type UploadProgress,
  type UploadTransport,
} from './api-transport.ts';
import { detailOf, errorMessages, fieldErrorsOf } from './error-catalogue.ts';

export {
  buildUrl,
  dispositionFilename,
  xhrUpload,
  type DownloadProgress,
  type QueryParams,
  type QueryValue,
  type UploadProgress,
  type UploadTransport,
} from './api-transport.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RequestOptions = {
  method?: HttpMethod;
  query?: QueryParams;
  /** JSON-serialisable value, or FormData for uploads. */
  body?: unknown;
  /** Skip the 401/403 session handling (resources flagged in the registry, the login call). */
  ignoreAuthModule?: boolean;
  /** The form shows the field messages of a 400 on its fields; only non_field_errors are toasted. */
  formErrors?: boolean;
  /** Statuses the caller shows itself: no toast for them. */
  quietStatuses?: readonly number[];
  /** No loading overlay: the screen shows its own loading state (tables, background checks). */
  background?: boolean;
  signal?: AbortSignal;
  /**
   * Reports how much of the body has been sent (FormData uploads). The request then goes through
   * `deps.upload` (XMLHttpRequest: fetch cannot report upload progress), and the timeout counts
   * from the last progress instead of the start, so a large upload is not cut off while it moves.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * Reads a successful response's body as a File (named by its content-disposition) chunk by chunk,
   * reporting how much has arrived; the timeout counts from the last chunk, so a long export that
   * keeps streaming is not cut off.
   */
  onDownloadProgress?: (progress: DownloadProgress) => void;
  /**
   * Receives a successful response's headers before its body is read (a download's headers name
   * what the server recorded of it, e.g. its receipt). Not called for error answers; on a 401 that
   * is retried after signing in, only the retry's answer counts.
   */
  onHeaders?: (headers: Headers) => void;
};

/** A failed request. `status` is 0 for network errors and null when the request timed out. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly body: unknown;

  constructor(status: number | null, body: unknown) {
    super(detailOf(body) ?? (status === null ? 'Request timed out' : `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** Field messages of a 400 (non_field_errors included); empty for other statuses. */
  get fieldErrors(): Record<string, string[]> {
    return this.status === 400 ? (fieldErrorsOf(this.body) ?? {}) : {};
  }

  get detail(): string | undefined {
    return detailOf(this.body);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type ApiClientEvents = {
  /** Error texts of the catalogue (without the 'Error:' prefix), one toast each. */
  errors(texts: string[]): void;
  /** A request has been running longer than LOADING_OVERLAY_DELAY_MS (true), or all are done (false). */
  loading(visible: boolean): void;
  /** A 401 after the session's expiry time, or the scheduled re-check found the session gone. */
  sessionTimeout(): void;
  /** A 401 while the client never had a session (or after it ended). */
  unauthenticated(): void;
  /** A 401 before the expiry time: the session ended elsewhere; show the sign-in dialog. */
  loginRequired(): void;
  /** Signed in again after `loginRequired`; the queued requests are being retried. */
  loginConfirmed(user: UserInfo): void;
  /** A 403 on a request that does not ignore the auth module. */
  forbidden(): void;
  /** A 403 because the session may only enrol a one-time token (require_2fa was switched on): the
   * app should show the enrolment instead of the "No permission" dialog. */
  enrolmentRequired?(): void;
  /** The server runs another build than this bundle. */
  versionMismatch(serverVersion: string): void;
};

export type TimerHandle = unknown;

export type ApiClientDeps = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Transport of requests with `onUploadProgress`; XMLHttpRequest by default. */
  upload?: UploadTransport;
  /** This bundle's build version (`__APP_VERSION__`). */
  version: string;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => TimerHandle;
  clearTimer?: (handle: TimerHandle) => void;
  readCookie?: (name: string) => string | undefined;
  /** A request without an answer after this long counts as "status null" (timed out). */
  timeoutMs?: number;
  /** Called with the user whenever the session's user is resolved (sign-in or user-info). */
  onUser?: (user: UserInfo) => void;
  events?: Partial<ApiClientEvents>;
};

export type LoginInput = Pick<LoginBody, 'username' | 'password'> & { token?: string };

export type SessionState = {
  /** null while unknown (nothing asked yet). */
  authenticated: boolean | null;
  /** The last session ended by inactivity. */
  timedOut: boolean;
  /** Session expiry on the server's clock (ms), from the last `x-expire-at`. */
  expireAt: number | null;
  /** A 401 before expiry is waiting for the user to sign in again. */
  loginPending: boolean;
};

type Queued = {
  path: string;
  options: RequestOptions;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
};

const UNSAFE: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_REQUEST_HEADER = 'X-CSRFToken';
const DEFAULT_TIMEOUT_MS = 60_000;
/** setTimeout overflows above 2^31-1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

export function createApiClient(deps: ApiClientDeps) {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    deps.clearTimer ?? ((handle: TimerHandle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const readCookie = deps.readCookie ?? readDocumentCookie;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let events: Partial<ApiClientEvents> = { ...deps.events };

  let authenticated: boolean | null = null;
  let timedOut = false;
  let expireAt: number | null = null;
  /** Server clock minus client clock, from the `Date` header, so expiry is compared on one clock. */
  let skew = 0;
  let recheckTimer: TimerHandle | null = null;
  let loginPending = false;
  let queue: Queued[] = [];
  let inFlight = 0;
  let overlayTimer: TimerHandle | null = null;
  let overlayVisible = false;
  let versionReported = false;
  let forbiddenReported = false;

  const serverNow = () => now() + skew;

  function startLoading(background: boolean | undefined): () => void {
    if (background) return () => {};
    inFlight += 1;
    if (overlayTimer === null && !overlayVisible) {
      overlayTimer = setTimer(() => {
        overlayTimer = null;
        if (inFlight > 0) {
          overlayVisible = true;
          events.loading?.(true);
        }
      }, LOADING_OVERLAY_DELAY_MS);
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      inFlight -= 1;
      if (inFlight > 0) return;
      if (overlayTimer !== null) {
        clearTimer(overlayTimer);
        overlayTimer = null;
      }
      if (overlayVisible) {
        overlayVisible = false;
        events.loading?.(false);
      }
    };
  }

  function scheduleRecheck() {
    if (recheckTimer !== null) clearTimer(recheckTimer);
    recheckTimer = null;
    if (authenticated !== true || expireAt === null) return;
    const delay = Math.min(Math.max(expireAt - serverNow(), 0) + SESSION_RECHECK_DELAY_MS, MAX_TIMER_MS);
    recheckTimer = setTimer(() => {
      recheckTimer = null;
      void recheckSession();
    }, delay);
  }

  function observe(response: Response) {
    const serverVersion = response.headers.get(VERSION_HEADER);
    if (serverVersion && serverVersion !== deps.version && !versionReported) {
      versionReported = true;
      events.versionMismatch?.(serverVersion);
    }
    const date = Date.parse(response.headers.get('date') ?? '');
    if (!Number.isNaN(date)) skew = date - now();
    // A 401 carries "now" as its expiry: it says nothing about the session the client knew.
    if (response.status === 401) return;
    const expiry = Date.parse(response.headers.get(EXPIRE_HEADER) ?? '');
    if (Number.isNaN(expiry)) return;
    expireAt = expiry;
    scheduleRecheck();
  }

  async function csrfToken(): Promise<string | undefined> {
    const token = readCookie(CSRF_COOKIE);
    if (token) return token;
    // The server sets the cookie on its first response; ask for one when this page has none yet.
    try {
      await deps.fetch(userInfoEndpoint, { method: 'GET', credentials: 'same-origin' });
    } catch {
      // The real request reports the connection problem.
    }
    return readCookie(CSRF_COOKIE);
  }

  /** Sends one request and reads its body; network failures and timeouts become ApiError(0|null). */
  async function attempt(path: string, options: RequestOptions): Promise<{ response: Response; body: unknown }> {
    const stopLoading = startLoading(options.background);
    const method = options.method ?? 'GET';
    const headers = new Headers({ Accept: 'application/json' });
    let body: BodyInit | undefined;
    if (typeof FormData !== 'undefined' && options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const controller = new AbortController();
    let expired = false;
    const expire = () => {
      expired = true;
      controller.abort();
    };
    let timer = setTimer(expire, timeoutMs);
    const { onUploadProgress, onDownloadProgress } = options;
    /** The transfer is moving: the timeout counts from now. */
    const moving = () => {
      clearTimer(timer);
      timer = setTimer(expire, timeoutMs);
    };
    const onProgress = onUploadProgress
      ? (progress: UploadProgress) => {
          moving();
          onUploadProgress(progress);
        }
      : undefined;
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort);
    try {
      if (UNSAFE.has(method)) {
        const token = await csrfToken();
        if (token) headers.set(CSRF_REQUEST_HEADER, token);
      }
      const init: RequestInit = { method, headers, body, credentials: 'same-origin', signal: controller.signal };
      const url = buildUrl(path, options.query);
      const response = onProgress
        ? await (deps.upload ?? xhrUpload)(url, { ...init, onUploadProgress: onProgress })
        : await deps.fetch(url, init);
      if (response.ok) options.onHeaders?.(response.headers);
      if (onDownloadProgress && response.ok) {
        const file = await readFile(response, (progress) => {
          moving();
          onDownloadProgress(progress);
        });
        return { response, body: file };
      }
      return { response, body: await readBody(response) };
    } catch (cause) {
      // A caller that cancels (a query that is no longer needed) gets its abort back, no toast.
      if (options.signal?.aborted) throw cause;
      throw new ApiError(expired ? null : 0, undefined);
    } finally {
      clearTimer(timer);
      options.signal?.removeEventListener('abort', onAbort);
      stopLoading();
    }
  }

  function report(error: ApiError, options: RequestOptions) {
    if (error.status !== null && options.quietStatuses?.includes(error.status)) return;
    const texts = errorMessages(error, { formErrors: options.formErrors });
    if (texts.length) events.errors?.(texts);
  }

  async function execute<T>(path: string, options: RequestOptions): Promise<T> {
    let result: { response: Response; body: unknown };
    try {
      result = await attempt(path, options);
    } catch (error) {
      if (error instanceof ApiError) report(error, options);
      throw error;
    }
    const { response, body } = result;
    observe(response);
    if (response.ok) return body as T;
    const error = new ApiError(response.status, body);
    if (!options.ignoreAuthModule) {
      if (response.status === 401) return unauthorized<T>(path, options, error);
      if (response.status === 403 && (body as { detail?: unknown } | null)?.detail === details.enrolTokenFirst) {
        events.enrolmentRequired?.();
        throw error;
      }
      if (response.status === 403) {
        if (!forbiddenReported) {
          forbiddenReported = true;
          events.forbidden?.();
        }
        throw error;
      }
    }
    report(error, options);
    throw error;
  }

  function enqueue<T>(path: string, options: RequestOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ path, options, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  function rejectQueue(reason: unknown) {
    const items = queue;
    queue = [];
    for (const item of items) item.reject(reason);
  }

  function flushQueue() {
    const items = queue;
    queue = [];
    for (const item of items) execute(item.path, item.options).then(item.resolve, item.reject);
  }

  function unauthorized<T>(path: string, options: RequestOptions, error: ApiError): Promise<T> {
    if (authenticated !== true) {
      events.unauthenticated?.();
      return Promise.reject(error);
    }
    if (expireAt !== null && serverNow() >= expireAt) {
      sessionTimeout();
      return Promise.reject(error);
    }
    // Before expiry: the session ended elsewhere. Keep the request and ask the user to sign in.
    const pending = enqueue<T>(path, options);
    if (!loginPending) {
      loginPending = true;
      void confirmSession();
    }
    return pending;
  }

  /** After a 401 before expiry: is the user really signed out? */
  async function confirmSession() {
    try {
      const user = await execute<UserInfo>(userInfoEndpoint, {
        ignoreAuthModule: true,
        quietStatuses: [401],
        background: true,
      });
      signedIn(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        events.loginRequired?.();
        return;
      }
      loginPending = false;
      rejectQueue(error);
    }
  }

  async function recheckSession() {
    if (authenticated !== true || loginPending) return;
    try {
      await execute<UserInfo>(userInfoEndpoint, { ignoreAuthModule: true, quietStatuses: [401], background: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) sessionTimeout();
    }
  }

  function signedIn(user: UserInfo) {
    deps.onUser?.(user);
    authenticated = true;
    timedOut = false;
    scheduleRecheck();
    if (!loginPending) return;
    loginPending = false;
    events.loginConfirmed?.(user);
    flushQueue();
  }

  function signedOut() {
    authenticated = false;
    loginPending = false;
    if (recheckTimer !== null) clearTimer(recheckTimer);
    recheckTimer = null;
    rejectQueue(new ApiError(401, { detail: details.notAuthenticated }));
  }

  function sessionTimeout() {
    signedOut();
    timedOut = true;
    events.sessionTimeout?.();
  }

  function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    // While the sign-in dialog is open, new requests wait with the queued ones.
    if (loginPending && !options.ignoreAuthModule) return enqueue<T>(path, options);
    return execute<T>(path, options);
  }

  type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

  return {
    request,
    get: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) => request<T>(path, options),
    post: <T>(path: string, body?: unknown, options: BodyOptions = {}) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options: BodyOptions = {}) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options: BodyOptions = {}) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T = void>(path: string, options: BodyOptions = {}) => request<T>(path, { ...options, method: 'DELETE' }),
    /**
     * POST a FormData with upload progress (`onProgress`, 0 … 1 when the size is known); cancel
     * through `signal`. Errors, 401 queueing and `formErrors` behave as for any other call.
     */
    upload: <T>(
      path: string,
      form: FormData,
      {
        onProgress,
        ...options
      }: Omit<BodyOptions, 'onUploadProgress'> & {
        onProgress?: (fraction: number, progress: UploadProgress) => void;
      } = {},
    ) =>
      request<T>(path, {
        ...options,
        method: 'POST',
        body: form,
        onUploadProgress: (progress) =>
          onProgress?.(progress.total ? Math.min(progress.loaded / progress.total, 1) : 0, progress),
      }),

    /**
     * GET a file (an export) with download progress; cancel through `signal`. Resolves to a File
     * named by the server's content-disposition; `onHeaders` gets the response's headers once it is
     * ok, before the body is read. Errors and 401 queueing behave as for any call.
     */
    download: (
      path: string,
      {
        onProgress,
        ...options
      }: Omit<RequestOptions, 'method' | 'body' | 'onUploadProgress' | 'onDownloadProgress'> & {
        onProgress?: (progress: DownloadProgress) => void;
      } = {},
    ) => request<File>(path, { ...options, onDownloadProgress: (progress) => onProgress?.(progress) }),

    /** POST /api/auth/. Errors of the sign-in itself (400/401/403/429) are left to the form. */
    async login(input: LoginInput): Promise<UserInfo> {
      const body: LoginInput = { username: input.username, password: input.password };
      if (input.token) body.token = input.token;
      const user = await execute<UserInfo>(authEndpoint, {
        method: 'POST',
        body,
        ignoreAuthModule: true,
        quietStatuses: [400, 401, 403, 429],
      });
      signedIn(user);
      return user;
    },

    /** DELETE /api/auth/; the caller reloads the app afterwards. */
    async logout(): Promise<void> {
      try {
        await execute<void>(authEndpoint, { method: 'DELETE', ignoreAuthModule: true });
      } finally {
        signedOut();
      }
    },

    /** GET /api/user-info/: resolves the current user; a 401 means "not signed in" (no dialog). */
    async getUserInfo(): Promise<UserInfo> {
      try {
        const user = await execute<UserInfo>(userInfoEndpoint, { ignoreAuthModule: true, quietStatuses: [401] });
        signedIn(user);
        return user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) authenticated = false;
        throw error;
      }
    },

    /** The sign-in dialog was dismissed: the queued requests fail. */
    cancelLogin() {
      signedOut();
    },

    setEvents(handlers: Partial<ApiClientEvents>) {
      events = { ...events, ...handlers };
    },

    session(): SessionState {
      return { authenticated, timedOut, expireAt, loginPending };
    },

    /** Stops the timers (tests, hot reload). */
    dispose() {
      if (recheckTimer !== null) clearTimer(recheckTimer);
      if (overlayTimer !== null) clearTimer(overlayTimer);
      recheckTimer = null;
      overlayTimer = null;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
