// The device protocol the reference in docs/devices.md is written from (contracts' device-protocol.ts)
// against the server's own OpenAPI document: the same endpoints, every answer a route declares is in
// the reference and every error the reference tells is declared, so the two tell what the routes do.
import { beforeAll, expect, it } from 'vitest';
import { deviceGatewayPrefix } from '@marquee/contracts/device-gateway';
import { deviceProtocol } from '@marquee/contracts/device-protocol';
import { docsEndpoint } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';

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
      for (const status of declared) expect(told, `${where} declares ${status}`).toContain(status);
      // And every error the reference tells is declared (a file's 200 and 206 are not JSON: not declared).
      for (const status of told.filter((s) => Number(s) >= 400)) {
        expect(declared, `${where} tells ${status}`).toContain(status);
      }
      expect(Boolean(step.body && 'schema' in step.body), `${where}: a JSON body`).toBe(
        Boolean(operation?.requestBody),
      );
    }
  });
});
