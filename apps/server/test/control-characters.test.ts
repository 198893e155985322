// Control characters in text input: every string field of every request body in the OpenAPI
// document (JSON and form bodies) and every string query parameter, sent with a NUL, is a 400 on that
// field and never a 5xx; plus the cases users meet (names, search, sign-in, multi-line texts,
// uploads' file names, path params, the device gateway).
import { beforeAll, expect, it } from 'vitest';
import { authEndpoint, resources } from '@marquee/contracts/resources';
import { controlCharactersText } from '@marquee/contracts/texts';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import { describeBackends } from './helpers/backends.ts';
import { createCampaign, usableClip } from './helpers/campaign-factories.ts';
import { asAdmin, Client, uniq, type Response } from './helpers/factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';
import { multipart } from './helpers/multipart.ts';

/** The part of an OpenAPI schema object this test reads. */
type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  minItems?: number;
  minimum?: number;
};
type Parameter = { in: string; name: string; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } };
type OpenApi = { paths: Record<string, Record<string, Operation>> };
type Path = (string | number)[];

const NUL_TEXT = 'a\u0000b';
const refused = (field: string) => ({ [field]: [controlCharactersText] });

const optionsOf = (schema: Schema): Schema[] => schema.anyOf ?? [schema];
const hasType = (schema: Schema, type: string) => optionsOf(schema).some((o) => o.type === type);
const containerOf = (schema: Schema) =>
  optionsOf(schema).find((o) => o.type === 'object' || o.type === 'array') ?? schema;

/** A minimal value of the schema's shape: required properties only, arrays empty unless they may not be. */
function sample(schema: Schema): unknown {
  const first = optionsOf(schema)[0] ?? {};
  if (first.enum) return first.enum[0];
  switch (first.type) {
    case 'object':
      return Object.fromEntries((first.required ?? []).map((key) => [key, sample(first.properties?.[key] ?? {})]));
    case 'array':
      return first.minItems ? [sample(first.items ?? {})] : [];
    case 'string':
      return 'text';
    case 'integer':
    case 'number':
      return Math.max(1, first.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** Paths of every string field in the schema, array items as index 0. */
function stringPaths(schema: Schema, path: Path = []): Path[] {
  const found: Path[] = hasType(schema, 'string') && path.length ? [path] : [];
  for (const option of optionsOf(schema)) {
    if (option.type === 'object') {
      for (const [key, child] of Object.entries(option.properties ?? {}))
        found.push(...stringPaths(child, [...path, key]));
    }
    if (option.type === 'array' && option.items) found.push(...stringPaths(option.items, [...path, 0]));
  }
  return found;
}

/** `node` (of `schema`'s shape) with `value` at `path`, making the containers on the way. */
function withValue(schema: Schema, node: unknown, path: Path, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const container = containerOf(schema);
  if (container.type === 'array') {
    const items = container.items ?? {};
    const list = Array.isArray(node) ? [...(node as unknown[])] : [];
    list[0] = withValue(items, list[0] ?? sample(items), rest, value);
    return list;
  }
  const child = container.properties?.[String(head)] ?? {};
  const object = node !== null && typeof node === 'object' ? { ...(node as Record<string, unknown>) } : {};
  object[head] = withValue(child, object[head] ?? sample(child), rest, value);
  return object;
}

/** The urlencoded form of a body of plain values (and lists of them); null when it has nested objects. */
function formOf(body: unknown): string | null {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && typeof item === 'object') return null;
      if (item !== null) form.append(key, String(item));
    }
  }
  return form.toString();
}

type Case = { name: string; send: () => Promise<Response>; field: string };

const gatewayPrefix = deviceGatewayEndpoints.heartbeat.replace(/heartbeat\/$/, '');

describeBackends('control characters in text input', (ctx) => {
  let admin: Client;
  let doc: OpenApi;
  let deviceToken: string;

  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
    doc = (await admin.get('/api/docs/json')).json<OpenApi>();
    const location = await createLocation(ctx.db);
    deviceToken = (await createDevice(ctx.db, location.id)).token;
  });

  /** Sends as the admin (session + CSRF), or as the device on gateway routes. */
  function send(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    if (url.startsWith(deviceGatewayEndpoints.heartbeat.replace(/heartbeat\/$/, ''))) {
      return ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { ...headers, authorization: `Bearer ${deviceToken}` },
        ...(payload === undefined ? {} : { payload: payload as string }),
      });
    }
    return admin.request(method as 'GET', url, payload, { headers });
  }

  /** One case per string body field (as JSON, and as a form when the body is flat, and as a
   * multipart text field) and per string query parameter of every operation. */
  function casesOf(api: OpenApi): Case[] {
    const cases: Case[] = [];
    for (const [template, operations] of Object.entries(api.paths)) {
      const url = template.replace(/\{[^}]+\}/g, '1');
      for (const [method, operation] of Object.entries(operations)) {
        const verb = method.toUpperCase();
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query' || !parameter.schema || !hasType(parameter.schema, 'string')) continue;
          const query = new URLSearchParams({ [parameter.name]: NUL_TEXT }).toString();
          cases.push({
            name: `${verb} ${template}?${parameter.name}`,
            field: parameter.name,
            send: () => send(verb, `${url}?${query}`),
          });
        }
        const content = operation.requestBody?.content ?? {};
        for (const [type, { schema }] of Object.entries(content)) {
          for (const path of stringPaths(schema)) {
            // The device gateway checks its body after the token and names a field by its whole path
            // (events.3.zone), as its other 400s do; other routes name the first segment.
            const field = template.startsWith(gatewayPrefix) ? path.join('.') : String(path[0]);
            const body = withValue(schema, sample(schema), path, NUL_TEXT);
            const name = `${verb} ${template} ${path.join('.')}`;
            if (type === 'application/json') {
              cases.push({ name: `${name} (json)`, field, send: () => send(verb, url, body) });
              const form = formOf(body);
              if (form !== null) {
                cases.push({
                  name: `${name} (form)`,
                  field,
                  send: () => send(verb, url, form, { 'content-type': 'application/x-www-form-urlencoded' }),
                });
              }
            }
            if (type === 'multipart/form-data' && path.length === 1) {
              // Text fields come before the file, as browsers send a form's fields in order.
              const { body: parts, headers } = multipart([
                { name: field, data: Buffer.from(NUL_TEXT) },
                { name: 'image', filename: 'picture.png', type: 'image/png', data: Buffer.from('not read') },
              ]);
              cases.push({ name: `${name} (multipart)`, field, send: () => send(verb, url, parts, headers) });
            }
          }
        }
      }
    }
    return cases;
  }

  it('refuses a NUL in every string field of every operation with a 400 on that field', async () => {
    const cases = casesOf(doc);
    // The document really was walked: the fields a NUL was first found to break are among the cases.
    const names = cases.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        `POST ${authEndpoint} username (json)`,
        `POST ${authEndpoint} username (form)`,
        `POST ${resources.advertisers.endpoint} name (json)`,
        `GET ${resources.locations.endpoint}?search`,
        `POST ${deviceGatewayEndpoints.events} events.0.viewers.0.gender (json)`,
        'PATCH /api/location-zones/{id}/ name (multipart)',
      ]),
    );
    expect(cases.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const c of cases) {
      const res = await c.send();
      const body = String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as unknown) : res.body;
      if (res.statusCode !== 400 || JSON.stringify(body) !== JSON.stringify(refused(c.field))) {
        wrong.push(`${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The admin's session outlived all of it (the sign-in with a NUL did not end or replace it).
    expect((await admin.get('/api/user-info/')).statusCode).toBe(200);
  });

  it('refuses a NUL in a name on create and stores nothing', async () => {
    for (const endpoint of [resources.advertisers.endpoint, resources.locations.endpoint, resources.roles.endpoint]) {
      const name = `${uniq('nul')}\u0000end`;
      const res = await admin.post(endpoint, { name });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual(refused('name'));
      const table =
        endpoint === resources.roles.endpoint ? 'roles' : endpoint.includes('advert') ? 'advertisers' : 'locations';
      const rows = await ctx.db
        .selectFrom(table)
        .select('id')
        .where('name', 'like', `${name.split('\u0000')[0]}%`)
        .execute();
      expect(rows, endpoint).toEqual([]);
    }
  });

  it('refuses the other C0 characters and DEL in a name, a tab too', async () => {
    for (const char of ['\u0001', '\u0007', '\u0008', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f']) {
      const res = await admin.post(resources.advertisers.endpoint, { name: `${uniq('adv')}${char}x` });
      expect(res.statusCode, JSON.stringify(char)).toBe(400);
      expect(res.json(), JSON.stringify(char)).toEqual(refused('name'));
    }
    const fine = await admin.post(resources.advertisers.endpoint, { name: `${uniq('Café')} 🚀 ~` });
    expect(fine.statusCode).toBe(201);
  });

  it('refuses C1 controls, bidirectional overrides and zero-width spaces in names and file names', async () => {
    for (const char of ['\u0085', '\u202e', '\u2066', '\u200b', '\ufeff']) {
      const res = await admin.post(resources.advertisers.endpoint, { name: `${uniq('Blue')}${char}Peak Outdoor` });
      expect(res.statusCode, JSON.stringify(char)).toBe(400);
      expect(res.json(), JSON.stringify(char)).toEqual(refused('name'));
    }
    const video = multipart([
      { name: 'video_file', filename: 'Evil\u202Etxt.exe', type: 'video/mp4', data: Buffer.from('x') },
    ]);
    const upload = await admin.post('/api/videoclip-media/', video.body, { headers: video.headers });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual(refused('video_file'));
    // Joiners and direction marks belong to real text and are kept.
    const fine = await admin.post(resources.advertisers.endpoint, { name: `${uniq('שלום')}\u200e 👨\u200d👩` });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('refuses a NUL in the search of lists', async () => {
    for (const endpoint of [
      resources.advertisers.endpoint,
      resources.locations.endpoint,
      resources.users.endpoint,
      resources.campaigns.endpoint,
      resources.videoclips.endpoint,
    ]) {
      const res = await admin.get(`${endpoint}?search=${encodeURIComponent(NUL_TEXT)}`);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual(refused('search'));
      expect((await admin.get(`${endpoint}?search=plain`)).statusCode, endpoint).toBe(200);
    }
  });

  it('answers an anonymous sign-in with a NUL like any wrong input, not with a 500', async () => {
    const anonymous = new Client(ctx.app);
    const res = await anonymous.login('admin\u0000', 'whatever');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('username'));
    expect(anonymous.session).toBeUndefined();
    const form = await anonymous.post(authEndpoint, 'username=%00&password=x', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual(refused('username'));
    // A forged request is still refused for its missing CSRF token first.
    expect((await anonymous.login('admin\u0000', 'x', {}, { csrf: false })).statusCode).toBe(403);
  });

  it('takes tab and line breaks in multi-line fields, but not a NUL', async () => {
    const address = 'Main Street 1\r\nFloor 2\tdoor B';
    const created = await admin.post(resources.locations.endpoint, { name: uniq('loc'), address });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ address });
    const id = created.json<{ id: number }>().id;
    const nul = await admin.patch(`${resources.locations.endpoint}${id}/`, { address: 'Main Street 1\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual(refused('address'));
    expect((await admin.get(`${resources.locations.endpoint}${id}/`)).json()).toMatchObject({ address });

    const clip = await usableClip(ctx.db);
    const campaign = await createCampaign(ctx.db, { videoclip: clip.id, locations: [id] });
    const reject = `${resources.campaigns.endpoint}${campaign.id}/reject/`;
    const bad = await admin.post(reject, { reason: 0, comments: 'Too dark\u0000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(refused('comments'));
    const comments = 'Too dark.\nPlease brighten\tthe first scene.';
    const ok = await admin.post(reject, { reason: 0, comments });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ state: 98, comments });
  });

  it('refuses control characters in uploaded file names and in multipart text fields', async () => {
    const video = multipart([
      { name: 'video_file', filename: 'clip\u0007.mp4', type: 'video/mp4', data: Buffer.from('x') },
    ]);
    const res = await admin.post('/api/videoclip-media/', video.body, { headers: video.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('video_file'));

    const userImages = `${resources.users.endpoint}1/images/`;
    const image = multipart([{ name: 'image', filename: 'pic\u0000.png', type: 'image/png', data: Buffer.from('x') }]);
    const picture = await admin.post(userImages, image.body, { headers: image.headers });
    expect(picture.statusCode).toBe(400);
    expect(picture.json()).toEqual(refused('image'));

    const withField = multipart([
      { name: 'comments', data: Buffer.from('two\nlines') },
      { name: 'title', data: Buffer.from('esc\u001b') },
      { name: 'image', filename: 'pic.png', type: 'image/png', data: Buffer.from('x') },
    ]);
    const field = await admin.post(userImages, withField.body, { headers: withField.headers });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual(refused('title'));
  });

  it('refuses a NUL in path params, on API and web routes alike', async () => {
    const api = await admin.get(`${resources.roles.endpoint}%00/`);
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual(refused('id'));
    const web = await admin.get('/some%00page');
    expect(web.statusCode).toBe(400);
    expect(web.json()).toEqual(refused('non_field_errors'));
  });

  it('refuses a NUL in a device heartbeat and takes a clean one', async () => {
    const heartbeat = (status: string) =>
      ctx.app.inject({
        method: 'POST',
        url: deviceGatewayEndpoints.heartbeat,
        headers: { authorization: `Bearer ${deviceToken}` },
        payload: { status },
      });
    const bad = await heartbeat('ok\u0000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(refused('status'));
    expect((await heartbeat('ok')).statusCode).toBe(200);
    // Without a valid token a stranger learns nothing but 401, whatever the body holds.
    const stranger = await ctx.app.inject({
      method: 'POST',
      url: deviceGatewayEndpoints.heartbeat,
      headers: { authorization: 'Bearer wrong' },
      payload: { status: 'ok\u0000' },
    });
    expect(stranger.statusCode).toBe(401);
  });
});
