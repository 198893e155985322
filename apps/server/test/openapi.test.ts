// The API contract for integrators: the OpenAPI document passes spectral's OpenAPI rules, and every
// operation has a unique, valid operationId, a summary and declared tags.
import spectralCore from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, expect, it } from 'vitest';
import { docsEndpoint } from '@marquee/contracts/resources';
import { operationNaming } from '../src/http/openapi.ts';
import { describeBackends } from './helpers/backends.ts';

const { Spectral } = spectralCore;

type Operation = { operationId?: string; summary?: string; tags?: string[] };
type OpenApiDocument = {
  info: { title: string; description?: string; contact?: object };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
};

/** Warnings of spectral's `oas` ruleset (everything in it, `all`) that this API accepts, and why. */
const ACCEPTED_WARNINGS: Record<string, string> = {
  'path-keys-no-trailing-slash': 'every endpoint ends with a slash, Django REST style (spec §7)',
  'operation-description': 'summaries name every operation; descriptions are written where there is more to say',
  'oas3-parameter-description':
    'query and path parameters come from the contracts’ zod schemas, most without .describe() yet',
  'info-license': 'the product declares no licence',
  'license-url': 'the product declares no licence',
  'contact-properties': 'no contact e-mail address is configured; the contact is the server’s public URL',
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

describeBackends('openapi', (ctx) => {
  let doc: OpenApiDocument;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, ...op })),
    );

  beforeAll(async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${docsEndpoint}/json` });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApiDocument>();
  });

  it("passes spectral's OpenAPI rules: no errors, no warnings but the accepted ones", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'all']] });
    const results = await spectral.run(JSON.stringify(doc));
    const problems = results
      .filter((r) => r.severity === 0 || (r.severity === 1 && !(String(r.code) in ACCEPTED_WARNINGS)))
      .map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(problems).toEqual([]);
  }, 60_000);

  it('gives every operation a unique operationId, a summary and tags declared with a description', () => {
    const declared = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    const seen = new Map<string, string>();
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops) {
      expect(op.operationId, op.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(seen.get(op.operationId!), `${op.name} repeats an operationId`).toBeUndefined();
      seen.set(op.operationId!, op.name);
      expect(op.summary?.trim(), op.name).toBeTruthy();
      expect(op.summary, op.name).toMatch(/^[A-Z]/);
      expect(op.tags?.length, op.name).toBe(1);
      expect(declared.get(op.tags![0]!), `${op.name}: tag ${op.tags![0]} is not declared`).toBeTruthy();
    }
  });

  it('derives names from the method, the URL and the resource registry', () => {
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op('/api/locations/', 'get')).toMatchObject({ operationId: 'listLocations', summary: 'List locations' });
    expect(op('/api/locations/', 'post')).toMatchObject({
      operationId: 'createLocation',
      summary: 'Create a location',
    });
    expect(op('/api/locations/{id}/', 'get')).toMatchObject({ operationId: 'getLocation', summary: 'Get a location' });
    expect(op('/api/advertisers/{id}/', 'patch')).toMatchObject({
      operationId: 'partialUpdateAdvertiser',
      summary: 'Partially update an advertiser',
    });
    expect(op('/api/locations/{id}/deactivate/', 'post')).toMatchObject({
      operationId: 'deactivateLocation',
      summary: 'Deactivate a location',
    });
    expect(op('/api/campaigns/{id}/approve/', 'post')).toMatchObject({
      operationId: 'approveCampaign',
      summary: 'Approve a campaign',
    });
    expect(op('/api/products/{id}/images/{imageId}/', 'delete')).toMatchObject({
      operationId: 'deleteProductImage',
      summary: 'Delete an image of a product',
    });
    expect(op('/api/log-entries/', 'get')).toMatchObject({
      operationId: 'listLogEntries',
      summary: 'List log entries',
    });
    // A route's own names win over derived ones (derivation would say getHealthz).
    expect(op('/healthz', 'get')?.operationId).toBe('getHealth');
    // A route nothing knows still gets names.
    expect(operationNaming('GET', '/api/some-thing/:id/sub_part/')).toEqual({
      operationId: 'getSomeThingSubPart',
      summary: 'Get some thing sub part',
    });
  });

  it('describes the API and its server, and leaves hidden routes out', () => {
    expect(doc.info.description).toBeTruthy();
    expect(doc.info.contact).toBeTruthy();
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(Object.keys(doc.paths).filter((p) => p.includes('*') || p.startsWith(docsEndpoint))).toEqual([]);
  });
});
