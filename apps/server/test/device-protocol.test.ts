// The device protocol the reference in docs/devices.md is written from (contracts' device-protocol.ts)
// against the server's own OpenAPI document: the same endpoints, and every answer a route declares is
// in the reference, so the reference tells what the routes do.
import { beforeAll, expect, it } from 'vitest';
import { deviceGatewayPrefix } from '@marquee/contracts/device-gateway';
import { deviceProtocol } from '@marquee/contracts/device-protocol';
import { docsEndpoint } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';

/** Answers a route declares that it never gives: the heartbeat and events routes share the gateway's
 * error list, 404 included, but neither looks anything up by id. */
const DECLARED_NOT_GIVEN: Record<string, string[]> = {
  [`POST ${deviceGatewayPrefix}heartbeat/`]: ['404'],
  [`POST ${deviceGatewayPrefix}events/`]: ['404'],
};

type Operation = { responses?: Record<string, unknown>; requestBody?: unknown };
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

describeBackends('device protocol', (ctx) => {
  let doc: OpenApiDocument;
  beforeAll(async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${docsEndpoint}/json` });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApiDocument>();
  });

  it('names every route of the device gateway, and no other', () => {
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(deviceGatewayPrefix))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(deviceProtocol.map((s) => `${s.method} ${s.path}`).sort()).toEqual(routes.sort());
  });

  it("tells every answer a route declares, and a JSON body's schema wherever the route declares one", () => {
    for (const step of deviceProtocol) {
      const operation = doc.paths[step.path]?.[step.method.toLowerCase()];
      const where = `${step.method} ${step.path}`;
      const told = step.answers.map((a) => String(a.status));
      const declared = Object.keys(operation?.responses ?? {});
      for (const status of DECLARED_NOT_GIVEN[where] ?? []) expect(declared, where).toContain(status);
      for (const status of declared.filter((s) => !DECLARED_NOT_GIVEN[where]?.includes(s))) {
        expect(told, `${where} declares ${status}`).toContain(status);
      }
      expect(Boolean(step.body && 'schema' in step.body), `${where}: a JSON body`).toBe(
        Boolean(operation?.requestBody),
      );
    }
  });
});
