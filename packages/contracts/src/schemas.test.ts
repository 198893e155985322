// Request schemas of the resources: sign-in, roles, log entries; action flags and messages.
import { describe, expect, it } from 'vitest';
import { ActionFlag, actionFlagName, actionFlagValues } from './action-flags.ts';
import { loginBody } from './auth.ts';
import { logEntryQuery } from './log-entries.ts';
import { details } from './texts.ts';
import { authEndpoint, resources, userInfoEndpoint } from './resources.ts';
import { roleInput, roleQuery } from './roles.ts';

describe('loginBody', () => {
  const base = { username: 'ada', password: 'secret' };

  it('takes username and password, trims the username and keeps the password as typed', () => {
    expect(loginBody.parse({ username: '  ada ', password: ' secret ' })).toEqual({
      username: 'ada',
      password: ' secret ',
    });
  });

  it('refuses blank or missing fields', () => {
    for (const body of [{ ...base, username: '   ' }, { ...base, password: '' }, { username: 'ada' }, {}]) {
      expect(loginBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(loginBody.safeParse({ ...base, username: 'u'.repeat(151) }).success).toBe(false);
  });

  it('takes a six-digit token, trimmed; an empty token means none', () => {
    expect(loginBody.parse({ ...base, token: '012345' }).token).toBe('012345');
    expect(loginBody.parse({ ...base, token: ' 012345 ' }).token).toBe('012345');
    expect(loginBody.parse({ ...base, token: '' }).token).toBeUndefined();
    expect(loginBody.parse(base).token).toBeUndefined();
  });

  it.each(['12345', '1234567', 'abcdef', '12 345', '١٢٣٤٥٦'])('refuses the token %j', (token) => {
    const result = loginBody.safeParse({ ...base, token });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((i) => i.path[0] === 'token')).toBe(true);
  });

  it('lets csrfmiddlewaretoken through and drops unknown fields', () => {
    expect(loginBody.parse({ ...base, csrfmiddlewaretoken: 'abc', remember: true })).toEqual({
      ...base,
      csrfmiddlewaretoken: 'abc',
    });
  });
});

describe('roleInput and roleQuery', () => {
  it('trims the name and requires it', () => {
    expect(roleInput.parse({ name: '  Editors ' })).toEqual({ name: 'Editors' });
    const blank = roleInput.safeParse({ name: '  ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]).toMatchObject({ path: ['name'], message: details.requiredField });
  });

  it('takes permission ids and the advertiser flag', () => {
    expect(roleInput.parse({ name: 'x', permissions: [3, 1], can_change_all_advertisers: true })).toEqual({
      name: 'x',
      permissions: [3, 1],
      can_change_all_advertisers: true,
    });
    expect(roleInput.safeParse({ name: 'x', permissions: ['3'] }).success).toBe(false);
    expect(roleInput.safeParse({ name: 'x', permissions: [1.5] }).success).toBe(false);
  });

  it('extends the list query with a name filter', () => {
    expect(roleQuery.parse({ name: 'edit', page: '3' })).toEqual({ name: 'edit', page: 3 });
  });
});

describe('logEntryQuery', () => {
  it('takes a day as yyyy-MM-dd', () => {
    expect(logEntryQuery.parse({ action_time: '2024-02-29' }).action_time).toBe('2024-02-29');
    for (const day of ['2024-2-29', '29.02.2024', '2024-02-29T00:00', '20240229', '']) {
      const result = logEntryQuery.safeParse({ action_time: day });
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['action_time'], message: 'Enter a date as yyyy-MM-dd.' });
    }
  });

  it('coerces the action flag and accepts only known ones', () => {
    expect(logEntryQuery.parse({ action_flag: '3' }).action_flag).toBe(3);
    expect(logEntryQuery.parse({ action_flag: '40' }).action_flag).toBe(40);
    for (const flag of ['4', '0', 'x', '2.5']) {
      expect(logEntryQuery.safeParse({ action_flag: flag }).success, flag).toBe(false);
    }
    expect(logEntryQuery.safeParse({ action_flag: '4' }).error?.issues[0]?.message).toBe('Select a valid action flag.');
  });

  it('coerces the user and keeps the list parameters', () => {
    expect(logEntryQuery.parse({ user: '7', model: 'role', page_size: '10', ordering: '-action_time' })).toEqual({
      user: 7,
      model: 'role',
      page_size: 10,
      ordering: '-action_time',
    });
  });
});

describe('action flags', () => {
  it('names every flag', () => {
    expect(actionFlagName(ActionFlag.Addition)).toBe('Addition');
    expect(actionFlagName(2)).toBe('Change');
    expect(actionFlagName(3)).toBe('Deletion');
    expect(actionFlagName(10)).toBe('Information');
    expect(actionFlagName(20)).toBe('Warning');
    expect(actionFlagName(30)).toBe('Error');
    expect(actionFlagName(40)).toBe('Critical Error');
    expect(actionFlagValues.map(actionFlagName)).not.toContain(undefined);
  });

  it('shows an unknown flag as its number', () => {
    expect(actionFlagName(99)).toBe('99');
  });

  it('lists the seven values', () => {
    expect([...actionFlagValues].sort((a, b) => a - b)).toEqual([1, 2, 3, 10, 20, 30, 40]);
  });
});

describe('messages and resources', () => {
  it('says how long a sign-in lock lasts, singular and plural', () => {
    expect(details.throttled(1)).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(details.throttled(30)).toBe('Too many failed sign-in attempts. Try again in 30 seconds.');
    expect(details.invalidOrdering('x')).toBe('Cannot order by "x".');
  });

  it('keeps every endpoint under /api/ with a trailing slash', () => {
    for (const endpoint of [...Object.values(resources).map((r) => r.endpoint), authEndpoint, userInfoEndpoint]) {
      expect(endpoint).toMatch(/^\/api\/[a-z-]+\/$/);
    }
  });
});
