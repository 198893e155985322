import { describe, expect, it } from 'vitest';
import { permissionActions } from './common.ts';
import {
  OVERRIDE_CAPACITY,
  effectiveSelection,
  permissionCatalogue,
  permissionModels,
  permissionsToSave,
  selectPermission,
  unselectPermission,
  withDependents,
  type RoleSelection,
} from './permissions.ts';

/**
 * A small graph with a shared dependent: LIST_X is implied by VIEW_X and by CHANGE_Y (two masters).
 * CHANGE_X → VIEW_X → LIST_X; CHANGE_Y → VIEW_Y → LIST_Y and CHANGE_Y → LIST_X; APPROVE → VIEW_X, LIST_Y.
 */
const CHANGE_X = 1;
const VIEW_X = 2;
const LIST_X = 3;
const CHANGE_Y = 4;
const VIEW_Y = 5;
const LIST_Y = 6;
const APPROVE = 7;
const graph = [
  { id: CHANGE_X, dependent: [VIEW_X] },
  { id: VIEW_X, dependent: [LIST_X] },
  { id: LIST_X, dependent: [] },
  { id: CHANGE_Y, dependent: [VIEW_Y, LIST_X] },
  { id: VIEW_Y, dependent: [LIST_Y] },
  { id: LIST_Y, dependent: [] },
  { id: APPROVE, dependent: [VIEW_X, LIST_Y] },
];

const sel = (...ids: number[]): RoleSelection => ({ direct: new Set(ids) });
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe('withDependents', () => {
  it('adds dependents transitively and keeps the given ones', () => {
    expect(sorted(withDependents([CHANGE_X], graph))).toEqual([CHANGE_X, VIEW_X, LIST_X]);
    expect(sorted(withDependents([CHANGE_Y], graph))).toEqual([LIST_X, CHANGE_Y, VIEW_Y, LIST_Y]);
    expect(sorted(withDependents([APPROVE, LIST_Y], graph))).toEqual([VIEW_X, LIST_X, LIST_Y, APPROVE]);
  });

  it('returns nothing for nothing, and a leaf alone', () => {
    expect(withDependents([], graph).size).toBe(0);
    expect(sorted(withDependents([LIST_X], graph))).toEqual([LIST_X]);
  });

  it('keeps ids it does not know and stops on cycles', () => {
    expect(sorted(withDependents([99], graph))).toEqual([99]);
    const cyclic = [
      { id: 1, dependent: [2] },
      { id: 2, dependent: [1, 3] },
      { id: 3, dependent: [] },
    ];
    expect(sorted(withDependents([1], cyclic))).toEqual([1, 2, 3]);
  });
});

describe('selecting and unselecting', () => {
  it('selects directly and shows the dependents as selected', () => {
    const before = sel();
    const after = selectPermission(before, CHANGE_X);
    expect(sorted(after.direct)).toEqual([CHANGE_X]);
    expect(before.direct.size).toBe(0);
    expect(sorted(effectiveSelection(after, graph))).toEqual([CHANGE_X, VIEW_X, LIST_X]);
  });

  it('unselecting a master drops its dependents', () => {
    const after = unselectPermission(sel(CHANGE_X), CHANGE_X, graph);
    expect(after.direct.size).toBe(0);
    expect(effectiveSelection(after, graph).size).toBe(0);
  });

  it('keeps a shared dependent while another chosen master implies it', () => {
    const after = unselectPermission(sel(CHANGE_X, CHANGE_Y), CHANGE_X, graph);
    expect(sorted(after.direct)).toEqual([CHANGE_Y]);
    expect(sorted(effectiveSelection(after, graph))).toEqual([LIST_X, CHANGE_Y, VIEW_Y, LIST_Y]);
    expect(effectiveSelection(after, graph).has(VIEW_X)).toBe(false);
  });

  it('unselecting an implied permission unselects every chosen master that implies it', () => {
    // LIST_X has two masters among the chosen ones (through VIEW_X and directly): both go.
    const both = unselectPermission(sel(CHANGE_X, CHANGE_Y, LIST_Y), LIST_X, graph);
    expect(sorted(both.direct)).toEqual([LIST_Y]);
    expect(sorted(effectiveSelection(both, graph))).toEqual([LIST_Y]);

    // VIEW_X is implied by CHANGE_X only; CHANGE_Y stays and so does the shared LIST_X.
    const one = unselectPermission(sel(CHANGE_X, CHANGE_Y), VIEW_X, graph);
    expect(sorted(one.direct)).toEqual([CHANGE_Y]);
    expect(effectiveSelection(one, graph).has(LIST_X)).toBe(true);
    expect(effectiveSelection(one, graph).has(VIEW_X)).toBe(false);
  });

  it('unselects a permission chosen directly and implied too, with its masters', () => {
    const after = unselectPermission(sel(APPROVE, VIEW_X), VIEW_X, graph);
    expect(after.direct.size).toBe(0);
  });

  it('does not change the selection it is given', () => {
    const before = sel(CHANGE_X, CHANGE_Y);
    unselectPermission(before, LIST_X, graph);
    expect(sorted(before.direct)).toEqual([CHANGE_X, CHANGE_Y]);
  });
});

describe('permissionsToSave', () => {
  it('keeps only the chosen permissions that no other chosen one implies, sorted', () => {
    expect(permissionsToSave(sel(LIST_X, VIEW_X, CHANGE_X, CHANGE_Y), graph)).toEqual([CHANGE_X, CHANGE_Y]);
    expect(permissionsToSave(sel(VIEW_X, APPROVE), graph)).toEqual([APPROVE]);
    expect(permissionsToSave(sel(LIST_Y, LIST_X), graph)).toEqual([LIST_X, LIST_Y]);
    expect(permissionsToSave(sel(), graph)).toEqual([]);
  });

  it('saves the same effective permissions as were selected', () => {
    const selection = sel(LIST_X, VIEW_X, CHANGE_X, CHANGE_Y, LIST_Y, APPROVE);
    const saved = permissionsToSave(selection, graph);
    expect(sorted(withDependents(saved, graph))).toEqual(sorted(effectiveSelection(selection, graph)));
  });
});

describe('permissionCatalogue', () => {
  const catalogue = permissionCatalogue();
  const byCodename = new Map(catalogue.map((p) => [p.codename, p]));

  it('has unique codenames named action_model, but for override_capacity (a campaign permission)', () => {
    expect(byCodename.size).toBe(catalogue.length);
    for (const p of catalogue) {
      if (p.codename === OVERRIDE_CAPACITY) continue;
      expect(p.codename).toBe(`${p.codename.split('_')[0]}_${p.model}`);
    }
    expect(byCodename.get(OVERRIDE_CAPACITY)).toEqual({
      codename: OVERRIDE_CAPACITY,
      name: 'Can book over capacity',
      model: 'campaign',
      dependent: ['view_campaign'],
    });
  });

  it('gives every model its actions: all five, view and list for read-only models, no add or delete of alerts', () => {
    const readOnly = ['permission', 'logentry', 'eventstatistic'];
    // Alerts are opened and closed by the server: people list, view and acknowledge (change) them.
    const systemMade = ['alert'];
    for (const model of Object.keys(permissionModels)) {
      const actions = catalogue
        .filter((p) => p.model === model && p.codename !== 'approve_campaign' && p.codename !== OVERRIDE_CAPACITY)
        .map((p) => p.codename.slice(0, p.codename.indexOf('_')))
        .sort();
      const expected = readOnly.includes(model)
        ? ['list', 'view']
        : systemMade.includes(model)
          ? ['change', 'list', 'view']
          : [...permissionActions].sort();
      expect(actions, model).toEqual(expected);
    }
    expect(catalogue).toHaveLength(10 * 5 + 3 * 2 + 3 + 2);
  });

  it('names permissions for people', () => {
    expect(byCodename.get('add_role')?.name).toBe('Can add role');
    expect(byCodename.get('list_locationzone')?.name).toBe('Can list location zone');
  });

  it('makes every action imply view and view imply list', () => {
    for (const p of catalogue) {
      const [action] = p.codename.split('_');
      if (p.codename === 'approve_campaign' || p.codename === OVERRIDE_CAPACITY) continue;
      if (action === 'list') expect(p.dependent, p.codename).toEqual([]);
      else if (action === 'view') expect(p.dependent, p.codename).toContain(`list_${p.model}`);
      else expect(p.dependent, p.codename).toContain(`view_${p.model}`);
    }
  });

  it('refers only to permissions that exist', () => {
    for (const p of catalogue) {
      for (const d of p.dependent) expect(byCodename.has(d), `${p.codename} → ${d}`).toBe(true);
      expect(p.dependent).not.toContain(p.codename);
    }
  });

  it('has no cycles', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (codename: string, path: string[]) => {
      if (state.get(codename) === 'done') return;
      expect(state.get(codename), `cycle: ${[...path, codename].join(' → ')}`).not.toBe('visiting');
      state.set(codename, 'visiting');
      for (const d of byCodename.get(codename)!.dependent) visit(d, [...path, codename]);
      state.set(codename, 'done');
    };
    for (const p of catalogue) visit(p.codename, []);
    expect(state.size).toBe(catalogue.length);
  });

  it('has approve_campaign with what approving needs', () => {
    expect(byCodename.get('approve_campaign')).toEqual({
      codename: 'approve_campaign',
      name: 'Can approve campaign',
      model: 'campaign',
      dependent: ['view_campaign', 'list_location', 'list_videoclip'],
    });
  });

  it('works with the cascade functions once given ids', () => {
    const ids = new Map(catalogue.map((p, i) => [p.codename, i + 1]));
    const codenames = new Map([...ids].map(([c, id]) => [id, c]));
    const idGraph = catalogue.map((p) => ({
      id: ids.get(p.codename)!,
      dependent: p.dependent.map((d) => ids.get(d)!),
    }));
    const implied = [...withDependents([ids.get('change_role')!], idGraph)].map((id) => codenames.get(id)).sort();
    expect(implied).toEqual(['change_role', 'list_permission', 'list_role', 'view_role']);
    const save = permissionsToSave(sel(...['list_role', 'view_role', 'change_role'].map((c) => ids.get(c)!)), idGraph);
    expect(save.map((id) => codenames.get(id))).toEqual(['change_role']);
  });
});
