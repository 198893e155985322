import { describe, expect, it } from 'vitest';
import { detailError, idParam, listQuery, paged, parseOrdering, permissionFlags, validationError } from './common.ts';
import { z } from 'zod';

describe('permissionFlags', () => {
  it('turns action_model strings of one model into flags', () => {
    expect(permissionFlags(['add_role', 'view_role', 'list_role', 'change_campaign'], 'role')).toEqual({
      canAdd: true,
      canView: true,
      canList: true,
      canChange: false,
      canDelete: false,
      canApprove: false,
    });
    expect(permissionFlags(['approve_campaign', 'delete_campaign'], 'campaign')).toMatchObject({
      canApprove: true,
      canDelete: true,
      canAdd: false,
    });
  });

  it('is all false without permissions or for another model with a similar name', () => {
    const none = {
      canAdd: false,
      canView: false,
      canList: false,
      canChange: false,
      canDelete: false,
      canApprove: false,
    };
    expect(permissionFlags(undefined, 'role')).toEqual(none);
    expect(permissionFlags([], 'role')).toEqual(none);
    expect(permissionFlags(['add_location', 'add_locationzone'], 'locationzon')).toEqual(none);
    expect(permissionFlags(['add_locationzone'], 'location').canAdd).toBe(false);
  });
});

describe('parseOrdering', () => {
  it('parses fields with - for descending', () => {
    expect(parseOrdering('name')).toEqual([{ field: 'name', desc: false }]);
    expect(parseOrdering('-name,id')).toEqual([
      { field: 'name', desc: true },
      { field: 'id', desc: false },
    ]);
  });

  it('ignores blanks and spaces, and returns nothing for nothing', () => {
    expect(parseOrdering(undefined)).toEqual([]);
    expect(parseOrdering('')).toEqual([]);
    expect(parseOrdering(' -action_time , ,id ')).toEqual([
      { field: 'action_time', desc: true },
      { field: 'id', desc: false },
    ]);
  });

  it('reports unknown fields as they are instead of dropping them', () => {
    expect(parseOrdering('bogus,-x')).toEqual([
      { field: 'bogus', desc: false },
      { field: 'x', desc: true },
    ]);
  });
});

describe('listQuery', () => {
  it('coerces query strings', () => {
    expect(listQuery.parse({ page: '2', page_size: '0', ordering: '-name', is_active: 'true' })).toEqual({
      page: 2,
      page_size: 0,
      ordering: '-name',
      is_active: true,
    });
    expect(listQuery.parse({})).toEqual({});
  });

  it.each([
    ['true', true],
    ['True', true],
    ['1', true],
    ['false', false],
    ['False', false],
    ['0', false],
  ])('reads is_active=%s as %s', (value, expected) => {
    expect(listQuery.parse({ is_active: value }).is_active).toBe(expected);
  });

  it.each([
    { page: '0' },
    { page: '-1' },
    { page: 'abc' },
    { page: '1.5' },
    { page_size: '-1' },
    { page_size: 'all' },
    { is_active: 'yes' },
    { ordering: 'x'.repeat(201) },
  ])('refuses %o', (query) => {
    const result = listQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([Object.keys(query)[0]]);
  });
});

describe('other shared schemas', () => {
  it('idParam takes positive integers from the path', () => {
    expect(idParam.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-3', '1.5', 'x']) expect(idParam.safeParse({ id }).success, id).toBe(false);
  });

  it('paged wraps an item schema', () => {
    const schema = paged(z.object({ id: z.number() }));
    const page = { count: 1, next: null, previous: '/api/x/?page=1', results: [{ id: 1 }], _permissions: ['list_x'] };
    expect(schema.parse(page)).toEqual(page);
    expect(schema.safeParse({ ...page, results: [{ id: 'one' }] }).success).toBe(false);
    expect(schema.safeParse({ ...page, _permissions: undefined }).success).toBe(false);
  });

  it('error bodies: field maps of messages, and {detail}', () => {
    expect(validationError.safeParse({ name: ['Required.'], non_field_errors: ['No.'] }).success).toBe(true);
    expect(validationError.safeParse({ name: 'Required.' }).success).toBe(false);
    expect(detailError.safeParse({ detail: 'Not found.' }).success).toBe(true);
    expect(detailError.safeParse({}).success).toBe(false);
  });
});
