import { SESSION_RECHECK_DELAY_MS } from '@marquee/contracts/constants';
import { details, messages } from '@marquee/contracts/texts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  dispositionFilename,
  xhrUpload,
  type ApiClientEvents,
  type UploadTransport,
} from './api-client.ts';
import { errorMessages } from './error-catalogue.ts';

const VERSION = 'v-test';
const NOW = Date.parse('2026-01-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Call = { url: string; method: string; headers: Headers; body: unknown };

/** A fetch that answers from a script of replies and records every call. */
function fakeServer() {
  const calls: Call[] = [];
  const handlers: ((call: Call) => Reply | Promise<Reply>)[] = [];
  let expireAt = NOW + 30 * 60_000;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const handler = handlers.shift();
    if (!handler) throw new Error(`unexpected request ${call.method} ${url}`);
    const reply = await handler(call);
    const headers = new Headers({
      'content-type': 'application/json',
      'x-imm-version': VERSION,
      'x-expire-at': iso(reply.status === 401 ? Date.now() : expireAt),
      ...reply.headers,
    });
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers,
    });
  });
  return {
    fetch,
    calls,
    reply: (...replies: (Reply | ((call: Call) => Reply | Promise<Reply>))[]) => {
      for (const r of replies) handlers.push(typeof r === 'function' ? r : () => r);
    },
    setExpireAt: (ms: number) => {
      expireAt = ms;
    },
  };
}

const user = { id: 1, username: 'admin', full_name: 'Administrator', time_zone: 'UTC', _permissions: ['list_role'] };

function setup(cookie: string | null = 'csrf-1') {
  const server = fakeServer();
  const events = {
    errors: vi.fn<ApiClientEvents['errors']>(),
    loading: vi.fn<ApiClientEvents['loading']>(),
    sessionTimeout: vi.fn<ApiClientEvents['sessionTimeout']>(),
    unauthenticated: vi.fn<ApiClientEvents['unauthenticated']>(),
    loginRequired: vi.fn<ApiClientEvents['loginRequired']>(),
    loginConfirmed: vi.fn<ApiClientEvents['loginConfirmed']>(),
    forbidden: vi.fn<ApiClientEvents['forbidden']>(),
    enrolmentRequired: vi.fn<NonNullable<ApiClientEvents['enrolmentRequired']>>(),
    versionMismatch: vi.fn<ApiClientEvents['versionMismatch']>(),
  };
  let csrf = cookie ?? undefined;
  const client = createApiClient({
    fetch: server.fetch,
    version: VERSION,
    readCookie: (name) => (name === 'csrftoken' ? csrf : undefined),
    events,
  });
  return {
    server,
    events,
    client,
    setCookie: (value: string) => {
      csrf = value;
    },
  };
}

/** Signs in through GET /api/user-info/ so the client knows the session and its expiry. */
async function signedIn(ctx: ReturnType<typeof setup>) {
  ctx.server.reply({ status: 200, body: user });
  await ctx.client.getUserInfo();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CSRF', () => {
  it('sends X-CSRFToken from the csrftoken cookie on unsafe methods only', async () => {
    const ctx = setup('token-abc');
    ctx.server.reply({ status: 200, body: [] }, { status: 201, body: { id: 3 } }, { status: 204 });
    await ctx.client.get('/api/roles/');
    await ctx.client.post('/api/roles/', { name: 'x' });
    await ctx.client.delete('/api/roles/3/');
    const [get, post, del] = ctx.server.calls;
    expect(get!.headers.get('x-csrftoken')).toBeNull();
    expect(post!.headers.get('x-csrftoken')).toBe('token-abc');
    expect(post!.body).toEqual({ name: 'x' });
    expect(del!.headers.get('x-csrftoken')).toBe('token-abc');
  });

  it('asks the server for the cookie first when the page has none yet', async () => {
    const ctx = setup(null);
    ctx.server.reply(
      () => {
        ctx.setCookie('fresh');
        return { status: 401, body: { detail: 'no' } };
      },
      { status: 200, body: user },
    );
    await ctx.client.login({ username: 'admin', password: 'pw' });
    expect(ctx.server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/user-info/', 'POST /api/auth/']);
    expect(ctx.server.calls[1]!.headers.get('x-csrftoken')).toBe('fresh');
    expect(ctx.server.calls[1]!.body).toEqual({ username: 'admin', password: 'pw' });
  });
});

describe('401 handling', () => {
  it('before expiry: queues the request, asks to sign in, and retries it after signing in', async () => {
    const ctx = setup();
    await signedIn(ctx);
    ctx.server.reply(
      { status: 401, body: { detail: 'gone' } }, // the action
      { status: 401, body: { detail: 'gone' } }, // the re-check of the user
    );
    const action = ctx.client.post<{ id: number }>('/api/roles/', { name: 'Editors' });
    await vi.waitFor(() => expect(ctx.events.loginRequired).toHaveBeenCalledTimes(1));
    expect(ctx.server.calls.at(-1)!.url).toBe('/api/user-info/');

    // Another request while the dialog is open waits too, without being sent.
    const other = ctx.client.get<string[]>('/api/roles/');
    expect(ctx.server.calls).toHaveLength(3);

    // The two queued requests are retried together: answer each by its method.
    const answer = (call: Call): Reply =>
      call.method === 'POST' ? { status: 201, body: { id: 7 } } : { status: 200, body: ['a'] };
    ctx.server.reply({ status: 200, body: user }, answer, answer);
    await ctx.client.login({ username: 'admin', password: 'pw' });

    await expect(action).resolves.toEqual({ id: 7 });
    await expect(other).resolves.toEqual(['a']);
    expect(ctx.events.loginConfirmed).toHaveBeenCalledWith(user);
    expect(ctx.events.sessionTimeout).not.toHaveBeenCalled();
    expect(ctx.events.errors).not.toHaveBeenCalled();
    const retried = ctx.server.calls.slice(-2).find((call) => call.method === 'POST')!;
    expect(retried.url).toBe('/api/roles/');
    expect(retried.body).toEqual({ name: 'Editors' });
    expect(retried.headers.get('x-csrftoken')).toBe('csrf-1');
  });

  it('after expiry: a session timeout, no dialog', async () => {
    const ctx = setup();
    ctx.server.setExpireAt(NOW + 60_000);
    await signedIn(ctx);
    vi.setSystemTime(NOW + 61_000);
    ctx.server.reply({ status: 401, body: { detail: 'expired' } });
    await expect(ctx.client.get('/api/roles/')).rejects.toMatchObject({ status: 401 });
    expect(ctx.events.sessionTimeout).toHaveBeenCalledTimes(1);
    expect(ctx.events.loginRequired).not.toHaveBeenCalled();
    expect(ctx.client.session()).toMatchObject({ authenticated: false, timedOut: true });
  });

  it(`re-checks the user ${SESSION_RECHECK_DELAY_MS} ms after the expiry time and times out on a 401`, async () => {
    const ctx = setup();
    ctx.server.setExpireAt(NOW + 60_000);
    await signedIn(ctx);
    ctx.server.reply({ status: 401, body: { detail: 'expired' } });
    await vi.advanceTimersByTimeAsync(60_000 + SESSION_RECHECK_DELAY_MS - 1);
    expect(ctx.server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ctx.server.calls.at(-1)!.url).toBe('/api/user-info/');
    await vi.waitFor(() => expect(ctx.events.sessionTimeout).toHaveBeenCalledTimes(1));
  });

  it('a newer expiry moves the re-check', async () => {
    const ctx = setup();
    ctx.server.setExpireAt(NOW + 60_000);
    await signedIn(ctx);
    ctx.server.setExpireAt(NOW + 120_000);
    ctx.server.reply({ status: 200, body: [] });
    await ctx.client.get('/api/roles/');
    await vi.advanceTimersByTimeAsync(60_000 + SESSION_RECHECK_DELAY_MS);
    expect(ctx.server.calls).toHaveLength(2);
  });

  it('without a session: goes to the login screen, no dialog', async () => {
    const ctx = setup();
    ctx.server.reply({ status: 401, body: { detail: 'no' } });
    await expect(ctx.client.get('/api/roles/')).rejects.toBeInstanceOf(ApiError);
    expect(ctx.events.unauthenticated).toHaveBeenCalledTimes(1);
    expect(ctx.events.loginRequired).not.toHaveBeenCalled();
  });

  it('the login call itself leaves its 401 to the form', async () => {
    const ctx = setup();
    ctx.server.reply({ status: 401, body: { detail: 'Invalid username or password!' } });
    await expect(ctx.client.login({ username: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
      detail: 'Invalid username or password!',
    });
    expect(ctx.events.errors).not.toHaveBeenCalled();
    expect(ctx.events.unauthenticated).not.toHaveBeenCalled();
  });
});

describe('403', () => {
  it('opens the "No permission" dialog once and shows no toast', async () => {
    const ctx = setup();
    await signedIn(ctx);
    ctx.server.reply({ status: 403, body: { detail: 'nope' } }, { status: 403, body: { detail: 'nope' } });
    await expect(ctx.client.delete('/api/roles/1/')).rejects.toMatchObject({ status: 403 });
    await expect(ctx.client.get('/api/roles/')).rejects.toMatchObject({ status: 403 });
    expect(ctx.events.forbidden).toHaveBeenCalledTimes(1);
    expect(ctx.events.errors).not.toHaveBeenCalled();
  });

  it('asks for the token enrolment instead when the session may only enrol a token', async () => {
    const ctx = setup();
    await signedIn(ctx);
    ctx.server.reply({ status: 403, body: { detail: details.enrolTokenFirst } });
    await expect(ctx.client.get('/api/campaigns/')).rejects.toMatchObject({ status: 403 });
    expect(ctx.events.enrolmentRequired).toHaveBeenCalledTimes(1);
    expect(ctx.events.forbidden).not.toHaveBeenCalled();
    expect(ctx.events.errors).not.toHaveBeenCalled();
  });

  it('is skipped for requests that ignore the auth module', async () => {
    const ctx = setup();
    ctx.server.reply({ status: 403, body: { detail: 'nope' } });
    await expect(ctx.client.get('/api/public/', { ignoreAuthModule: true })).rejects.toMatchObject({ status: 403 });
    expect(ctx.events.forbidden).not.toHaveBeenCalled();
  });
});

describe('version', () => {
  it('reports a server running another build, once', async () => {
    const ctx = setup();
    ctx.server.reply(
      { status: 200, body: [], headers: { 'x-imm-version': 'v-new' } },
      { status: 200, body: [], headers: { 'x-imm-version': 'v-new' } },
    );
    await ctx.client.get('/api/roles/');
    await ctx.client.get('/api/roles/');
    expect(ctx.events.versionMismatch).toHaveBeenCalledTimes(1);
    expect(ctx.events.versionMismatch).toHaveBeenCalledWith('v-new');
  });

  it('is quiet when the versions match', async () => {
    const ctx = setup();
    ctx.server.reply({ status: 200, body: [] });
    await ctx.client.get('/api/roles/');
    expect(ctx.events.versionMismatch).not.toHaveBeenCalled();
  });
});

describe('errors', () => {
  it('maps statuses to the catalogue of spec §8', () => {
    expect(errorMessages({ status: null, body: undefined })).toEqual([messages.statusNull]);
    expect(errorMessages({ status: 0, body: undefined })).toEqual([messages.connectionError]);
    expect(errorMessages({ status: 404, body: { detail: 'Not found.' } })).toEqual([messages.notFound]);
    expect(errorMessages({ status: 500, body: { detail: 'x' } })).toEqual([messages.internalError]);
    expect(errorMessages({ status: 502, body: 'Bad gateway' })).toEqual([messages.internalError]);
    expect(errorMessages({ status: 401, body: { detail: 'x' } })).toEqual([]);
    expect(
      errorMessages({
        status: 400,
        body: { name: ['An object with this name already exists.', 'Too long.'], non_field_errors: ['Broken.'] },
      }),
    ).toEqual(['name: An object with this name already exists.', 'name: Too long.', 'Broken.']);
    expect(
      errorMessages({ status: 400, body: { name: ['Taken.'], non_field_errors: ['Broken.'] } }, { formErrors: true }),
    ).toEqual(['Broken.']);
  });

  it('toasts a network failure as a connection error', async () => {
    const ctx = setup();
    ctx.server.reply(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(ctx.client.get('/api/roles/')).rejects.toMatchObject({ status: 0 });
    expect(ctx.events.errors).toHaveBeenCalledWith([messages.connectionError]);
  });

  it('toasts a request without an answer as "status null"', async () => {
    const server = fakeServer();
    const errors = vi.fn();
    const client = createApiClient({
      version: VERSION,
      timeoutMs: 5000,
      readCookie: () => 'c',
      events: { errors },
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    void server;
    const request = client.get('/api/roles/');
    const settled = expect(request).rejects.toMatchObject({ status: null });
    await vi.advanceTimersByTimeAsync(5000);
    await settled;
    expect(errors).toHaveBeenCalledWith([messages.statusNull]);
  });

  it('toasts one message per field of a 400 unless the form shows them', async () => {
    const ctx = setup();
    const body = { name: ['Taken.'], non_field_errors: ['Broken.'] };
    ctx.server.reply({ status: 400, body }, { status: 400, body });
    await expect(ctx.client.post('/api/roles/', {})).rejects.toMatchObject({ fieldErrors: body });
    expect(ctx.events.errors).toHaveBeenLastCalledWith(['name: Taken.', 'Broken.']);
    await expect(ctx.client.post('/api/roles/', {}, { formErrors: true })).rejects.toBeInstanceOf(ApiError);
    expect(ctx.events.errors).toHaveBeenLastCalledWith(['Broken.']);
  });

  it('a cancelled request is not an error to show', async () => {
    const errors = vi.fn();
    const client = createApiClient({
      version: VERSION,
      events: { errors },
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const controller = new AbortController();
    const request = client.get('/api/roles/', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('loading overlay', () => {
  it('shows only for requests slower than 100 ms', async () => {
    const ctx = setup();
    ctx.server.reply({ status: 200, body: [] });
    await ctx.client.get('/api/roles/');
    await vi.advanceTimersByTimeAsync(200);
    expect(ctx.events.loading).not.toHaveBeenCalled();

    let release: () => void = () => undefined;
    ctx.server.reply(() => new Promise<Reply>((resolve) => (release = () => resolve({ status: 200, body: [] }))));
    const slow = ctx.client.get('/api/roles/');
    await vi.advanceTimersByTimeAsync(99);
    expect(ctx.events.loading).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ctx.events.loading).toHaveBeenLastCalledWith(true);
    release();
    await slow;
    expect(ctx.events.loading).toHaveBeenLastCalledWith(false);
  });

  it('is not shown for background requests', async () => {
    const ctx = setup();
    let release: () => void = () => undefined;
    ctx.server.reply(() => new Promise<Reply>((resolve) => (release = () => resolve({ status: 200, body: [] }))));
    const request = ctx.client.get('/api/roles/', { background: true });
    await vi.advanceTimersByTimeAsync(500);
    release();
    await request;
    expect(ctx.events.loading).not.toHaveBeenCalled();
  });
});

describe('upload', () => {
  type UploadInit = Parameters<UploadTransport>[1];

  /** An upload transport driven by the test: report progress, then answer. */
  function uploadServer() {
    const sent: { url: string; init: UploadInit }[] = [];
    let answer: (reply: Reply) => void = () => undefined;
    let fail: (error: unknown) => void = () => undefined;
    const upload = vi.fn<UploadTransport>(
      (url, init) =>
        new Promise<Response>((resolve, reject) => {
          sent.push({ url, init });
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          fail = reject;
          answer = (reply) =>
            resolve(
              new Response(JSON.stringify(reply.body ?? {}), {
                status: reply.status,
                headers: { 'content-type': 'application/json', 'x-imm-version': VERSION, ...reply.headers },
              }),
            );
        }),
    );
    const progress = (loaded: number, total: number | undefined) =>
      sent.at(-1)!.init.onUploadProgress?.({ loaded, total });
    return { upload, sent, progress, answer: (reply: Reply) => answer(reply), fail: (error: unknown) => fail(error) };
  }

  function setupUpload(timeoutMs?: number) {
    const server = fakeServer();
    const transport = uploadServer();
    const errors = vi.fn<ApiClientEvents['errors']>();
    const client = createApiClient({
      fetch: server.fetch,
      upload: transport.upload,
      version: VERSION,
      timeoutMs,
      readCookie: () => 'csrf-up',
      events: { errors },
    });
    return { server, transport, errors, client };
  }

  const form = () => {
    const data = new FormData();
    data.append('video_file', new Blob(['abc'], { type: 'video/webm' }), 'clip.webm');
    return data;
  };

  it('POSTs the FormData with the CSRF header and reports progress as a fraction', async () => {
    const ctx = setupUpload();
    const onProgress = vi.fn();
    const body = form();
    const request = ctx.client.upload<{ id: number }>('/api/videoclip-media/', body, { onProgress });
    await vi.waitFor(() => expect(ctx.transport.sent).toHaveLength(1));
    const { url, init } = ctx.transport.sent[0]!;
    expect(url).toBe('/api/videoclip-media/');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(body);
    expect(new Headers(init.headers).get('x-csrftoken')).toBe('csrf-up');
    // The browser sets the multipart boundary itself.
    expect(new Headers(init.headers).get('content-type')).toBeNull();
    ctx.transport.progress(25, 100);
    ctx.transport.progress(100, 100);
    ctx.transport.progress(5, undefined);
    expect(onProgress.mock.calls.map(([fraction]) => fraction)).toEqual([0.25, 1, 0]);
    ctx.transport.answer({ status: 201, body: { id: 9 } });
    await expect(request).resolves.toEqual({ id: 9 });
    expect(ctx.server.fetch).not.toHaveBeenCalled();
  });

  it('leaves the field messages of a 400 to the form when asked (formErrors)', async () => {
    const ctx = setupUpload();
    const request = ctx.client.upload('/api/videoclip-media/', form(), { formErrors: true });
    await vi.waitFor(() => expect(ctx.transport.sent).toHaveLength(1));
    ctx.transport.answer({ status: 400, body: { video_file: [messages.videoTooBig] } });
    await expect(request).rejects.toMatchObject({ status: 400, fieldErrors: { video_file: [messages.videoTooBig] } });
    expect(ctx.errors).not.toHaveBeenCalled();

    const toasted = ctx.client.upload('/api/videoclip-media/', form());
    await vi.waitFor(() => expect(ctx.transport.sent).toHaveLength(2));
    ctx.transport.answer({ status: 400, body: { video_file: [messages.videoTooBig] } });
    await expect(toasted).rejects.toBeInstanceOf(ApiError);
    expect(ctx.errors).toHaveBeenCalledWith([`video_file: ${messages.videoTooBig}`]);
  });

  it('toasts a network failure like any other call', async () => {
    const ctx = setupUpload();
    const request = ctx.client.upload('/api/videoclip-media/', form());
    await vi.waitFor(() => expect(ctx.transport.sent).toHaveLength(1));
    ctx.transport.fail(new TypeError('Network request failed'));
    await expect(request).rejects.toMatchObject({ status: 0 });
    expect(ctx.errors).toHaveBeenCalledWith([messages.connectionError]);
  });

  it('is cancelled through its signal, without a toast', async () => {
    const ctx = setupUpload();
    const controller = new AbortController();
    const request = ctx.client.upload('/api/videoclip-media/', form(), { signal: controller.signal });
    await vi.waitFor(() => expect(ctx.transport.sent).toHaveLength(1));
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(ctx.errors).not.toHaveBeenCalled();
  });

  it('times out only after the upload stops moving', async () => {
    const ctx = setupUpload(5000);
    const request = ctx.client.upload('/api/videoclip-media/', form());
    const settled = expect(request).rejects.toMatchObject({ status: null });
    await vi.waitFor(() => expect(ctx.transport.sent).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(4000);
    ctx.transport.progress(10, 100);
    await vi.advanceTimersByTimeAsync(4000);
    expect(ctx.errors).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(ctx.errors).toHaveBeenCalledWith([messages.statusNull]);
  });

  it('is queued by a 401 before expiry and sent again after signing in', async () => {
    const ctx = setupUpload();
    ctx.server.reply({ status: 200, body: user });
    await ctx.client.getUserInfo();
    const request = ctx.client.upload<{ id: number }>('/api/videoclip-media/', form());
    await vi.waitFor(() => expect(ctx.transport.sent).toHaveLength(1));
    ctx.server.reply({ status: 401, body: { detail: 'gone' } });
    ctx.transport.answer({ status: 401, body: { detail: 'gone' } });
    await vi.waitFor(() => expect(ctx.client.session().loginPending).toBe(true));
    ctx.server.reply({ status: 200, body: user });
    await ctx.client.login({ username: 'admin', password: 'pw' });
    await vi.waitFor(() => expect(ctx.transport.sent).toHaveLength(2));
    ctx.transport.answer({ status: 201, body: { id: 4 } });
    await expect(request).resolves.toEqual({ id: 4 });
  });
});

describe('download', () => {
  /** A fetch whose answer streams chunks the test pushes. */
  function streamingServer(status = 200, headers: Record<string, string> = {}) {
    let push: (text: string) => void = () => undefined;
    let end: () => void = () => undefined;
    const urls: string[] = [];
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      urls.push(url);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
          end = () => controller.close();
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status, headers: { 'x-imm-version': VERSION, ...headers } });
    });
    const errors = vi.fn<ApiClientEvents['errors']>();
    const client = (timeoutMs?: number) =>
      createApiClient({ fetch, version: VERSION, timeoutMs, readCookie: () => 'c', events: { errors } });
    return { fetch, urls, errors, client, push: (text: string) => push(text), end: () => end() };
  }

  it('reads the body as a File named by the content-disposition, reporting each chunk', async () => {
    const server = streamingServer(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="report-2026.csv"',
    });
    const onProgress = vi.fn();
    const request = server.client().download('/api/event-statistics/', { query: { format: 'csv' }, onProgress });
    await vi.waitFor(() => expect(onProgress).toHaveBeenCalledWith({ loaded: 0, total: undefined }));
    expect(server.urls).toEqual(['/api/event-statistics/?format=csv']);
    server.push('Day,Plays\r\n');
    await vi.waitFor(() => expect(onProgress).toHaveBeenLastCalledWith({ loaded: 11, total: undefined }));
    server.push('2026-01-01,3\r\n');
    server.end();
    const file = await request;
    expect(file.name).toBe('report-2026.csv');
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(await file.text()).toBe('Day,Plays\r\n2026-01-01,3\r\n');
    expect(onProgress).toHaveBeenLastCalledWith({ loaded: 25, total: undefined });
  });

  it("hands the response's headers to onHeaders once it is ok, before the body is read", async () => {
    const server = streamingServer(200, {
      'content-disposition': 'attachment; filename="proof.csv"',
      'x-proof-receipt': 'receipt-1',
    });
    const onHeaders = vi.fn<(headers: Headers) => void>();
    const onProgress = vi.fn();
    const request = server.client().download('/api/campaigns/1/proof_of_play/', { onHeaders, onProgress });
    await vi.waitFor(() => expect(onHeaders).toHaveBeenCalledTimes(1));
    expect(onHeaders.mock.calls[0]![0].get('x-proof-receipt')).toBe('receipt-1');
    expect(onHeaders.mock.invocationCallOrder[0]).toBeLessThan(onProgress.mock.invocationCallOrder[0]!);
    server.push('play_id\r\n');
    server.end();
    expect((await request).name).toBe('proof.csv');
    expect(onHeaders).toHaveBeenCalledTimes(1);

    const failing = streamingServer(400, { 'content-type': 'application/json', 'x-proof-receipt': 'receipt-2' });
    const onFailingHeaders = vi.fn();
    const refused = failing.client().download('/api/campaigns/1/proof_of_play/', { onHeaders: onFailingHeaders });
    await vi.waitFor(() => expect(failing.fetch).toHaveBeenCalled());
    failing.push(JSON.stringify({ detail: 'Not found.' }));
    failing.end();
    await expect(refused).rejects.toMatchObject({ status: 400 });
    expect(onFailingHeaders).not.toHaveBeenCalled();
  });

  it('gives an error answer as an ApiError with its message, like any call', async () => {
    const server = streamingServer(400, { 'content-type': 'application/json' });
    const request = server.client().download('/api/event-statistics/', { onProgress: vi.fn() });
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalled());
    server.push(JSON.stringify({ date__lte: ['Enter a valid date.'] }));
    server.end();
    await expect(request).rejects.toMatchObject({ status: 400 });
    expect(server.errors).toHaveBeenCalledWith(['date__lte: Enter a valid date.']);
  });

  it('times out only after the stream stops moving, and is cancelled through its signal', async () => {
    const server = streamingServer(200, { 'content-disposition': 'attachment; filename="a.csv"' });
    const request = server.client(5000).download('/api/event-statistics/');
    const settled = expect(request).rejects.toMatchObject({ status: null });
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(4000);
    server.push('x');
    await vi.advanceTimersByTimeAsync(4000);
    expect(server.errors).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(server.errors).toHaveBeenCalledWith([messages.statusNull]);

    const controller = new AbortController();
    const cancelled = server.client().download('/api/event-statistics/', { signal: controller.signal });
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(2));
    server.push('y');
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.errors).toHaveBeenCalledTimes(1);
  });

  it('reads the file name of a content-disposition header', () => {
    expect(dispositionFilename('attachment; filename="stats.xlsx"')).toBe('stats.xlsx');
    expect(dispositionFilename('attachment; filename=stats.csv')).toBe('stats.csv');
    expect(dispositionFilename('attachment; filename*=UTF-8\'\'Z%C3%BCrich.csv; filename="x.csv"')).toBe('Zürich.csv');
    expect(dispositionFilename('inline')).toBeUndefined();
    expect(dispositionFilename(null)).toBeUndefined();
  });
});

describe('xhrUpload', () => {
  /** Just enough of XMLHttpRequest to drive the transport. */
  class FakeXhr {
    static last: FakeXhr | undefined;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    status = 0;
    statusText = '';
    responseText = '';
    responseHeaders = '';
    withCredentials = false;
    aborted = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return this.responseHeaders;
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
  }

  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the request, reports progress and answers with a Response', async () => {
    const onUploadProgress = vi.fn();
    const body = new FormData();
    const response = xhrUpload('/api/videoclip-media/', {
      method: 'POST',
      headers: { 'X-CSRFToken': 't' },
      body,
      onUploadProgress,
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/videoclip-media/');
    expect(xhr.headers).toMatchObject({ 'x-csrftoken': 't' });
    expect(xhr.body).toBe(body);
    xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent);
    xhr.upload.onprogress?.({ loaded: 7, total: 0, lengthComputable: false } as ProgressEvent);
    expect(onUploadProgress.mock.calls).toEqual([[{ loaded: 5, total: 10 }], [{ loaded: 7, total: undefined }]]);
    xhr.status = 201;
    xhr.responseText = '{"id":3}';
    xhr.responseHeaders = 'content-type: application/json\r\nx-imm-version: v1\r\n';
    xhr.onload?.();
    const result = await response;
    expect(result.status).toBe(201);
    expect(result.headers.get('x-imm-version')).toBe('v1');
    await expect(result.json()).resolves.toEqual({ id: 3 });
  });

  it('rejects like fetch on a network error and on abort', async () => {
    const failed = xhrUpload('/x', { method: 'POST' });
    FakeXhr.last!.onerror?.();
    await expect(failed).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const aborted = xhrUpload('/x', { method: 'POST', signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last!.aborted).toBe(true);
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
