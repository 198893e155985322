// /api/permissions/: the read-only catalogue with its dependency graph.
import { beforeAll, expect, it } from 'vitest';
import { details } from '@marquee/contracts/texts';
import { permissionCatalogue, type Permission } from '@marquee/contracts/permissions';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, asUser, Client } from './helpers/factories.ts';

const api = resources.permissions.endpoint;
type Page = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Permission[];
  _permissions: string[];
};

describeBackends('permissions', (ctx) => {
  let admin: Client;
  let all: Permission[];
  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
    all = ((await admin.get(`${api}?page_size=0`)).json() as Page).results;
  });

  it('pages through the whole catalogue by following next', async () => {
    const catalogue = permissionCatalogue();
    const seen: Permission[] = [];
    let url: string | null = `${api}?ordering=model&page_size=7`;
    let pages = 0;
    while (url) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(200);
      const page = res.json() as Page;
      expect(page.count).toBe(catalogue.length);
      expect(page.results.length).toBeLessThanOrEqual(7);
      expect(page._permissions).toEqual(['list_permission', 'view_permission']);
      seen.push(...page.results);
      url = page.next;
      pages++;
    }
    expect(pages).toBe(Math.ceil(catalogue.length / 7));
    expect(seen).toHaveLength(catalogue.length);
    expect(new Set(seen.map((p) => p.id)).size).toBe(catalogue.length);
    expect(seen.map((p) => p.codename).sort()).toEqual(catalogue.map((p) => p.codename).sort());
    // Ordered by model, then id.
    const keys = seen.map((p) => [p.model, p.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    expect(keys).toEqual(sorted);
  });

  it('mirrors the catalogue: names, models and dependents', async () => {
    const byId = new Map(all.map((p) => [p.id, p]));
    for (const entry of permissionCatalogue()) {
      const p = all.find((x) => x.codename === entry.codename);
      expect(p, entry.codename).toBeDefined();
      expect(p).toMatchObject({ name: entry.name, model: entry.model });
      expect(p!.dependent.map((id) => byId.get(id)!.codename).sort()).toEqual([...entry.dependent].sort());
    }
  });

  it('keeps dependent and masters consistent', async () => {
    const byId = new Map(all.map((p) => [p.id, p]));
    let edges = 0;
    for (const p of all) {
      for (const d of p.dependent) {
        expect(byId.get(d)?.masters, `${p.codename} → ${d}`).toContain(p.id);
        edges++;
      }
      for (const m of p.masters) expect(byId.get(m)?.dependent, `${m} → ${p.codename}`).toContain(p.id);
    }
    expect(edges).toBeGreaterThan(0);
    const changeRole = all.find((p) => p.codename === 'change_role')!;
    const viewRole = all.find((p) => p.codename === 'view_role')!;
    expect(changeRole.dependent).toContain(viewRole.id);
    expect(viewRole.masters).toContain(changeRole.id);
  });

  it('filters by model and orders by codename', async () => {
    const res = await admin.get(`${api}?model=role&ordering=codename`);
    const page = res.json() as Page;
    expect(page.results.map((p) => p.codename)).toEqual([
      'add_role',
      'change_role',
      'delete_role',
      'list_role',
      'view_role',
    ]);
    expect(page.count).toBe(5);
  });

  it('answers 400 {ordering} for an unknown ordering field', async () => {
    const res = await admin.get(`${api}?ordering=name`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ordering: [details.invalidOrdering('name')] });
  });

  it('returns one permission with view_permission, 404 for a missing one', async () => {
    const viewer = await asUser(ctx, ['view_permission']);
    const p = all.find((x) => x.codename === 'approve_campaign')!;
    const res = await viewer.get(`${api}${p.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...p, _permissions: ['list_permission', 'view_permission'] });
    const missing = await viewer.get(`${api}999999/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: details.notFound });
  });

  it('answers 403 without list_permission or view_permission', async () => {
    const client = await asUser(ctx, ['list_role', 'list_logentry']);
    for (const res of [await client.get(api), await client.get(`${api}${all[0]!.id}/`)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: details.permissionDenied });
    }
    const lister = await asUser(ctx, ['list_permission']);
    expect((await lister.get(api)).statusCode).toBe(200);
    expect((await lister.get(`${api}${all[0]!.id}/`)).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const anon = new Client(ctx.app);
    for (const res of [await anon.get(api), await anon.get(`${api}${all[0]!.id}/`)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: details.notAuthenticated });
    }
  });

  it('has no write routes', async () => {
    const id = all[0]!.id;
    for (const res of [
      await admin.post(api, { codename: 'x' }),
      await admin.put(`${api}${id}/`, { codename: 'x' }),
      await admin.patch(`${api}${id}/`, { codename: 'x' }),
      await admin.delete(`${api}${id}/`),
    ]) {
      expect([404, 405]).toContain(res.statusCode);
      expect(res.json()).toHaveProperty('detail');
    }
    expect((await admin.get(`${api}${id}/`)).json()).toMatchObject({ codename: all[0]!.codename });
  });
});
