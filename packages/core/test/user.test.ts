import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayName, initials, normalizeEmail } from '../src/index.ts';

describe('displayName', () => {
  it('prefers metadata name, then full name, then the e-mail local part, then Athlete', () => {
    expect(displayName({ email: 'a@b.c', user_metadata: { name: 'Ana', full_name: 'Ana Lopez' } })).toBe(
      'Ana',
    );
    expect(displayName({ email: 'a@b.c', user_metadata: { name: ' ', full_name: 'Ana Lopez' } })).toBe(
      'Ana Lopez',
    );
    expect(displayName({ email: 'runner@b.c', user_metadata: {} })).toBe('runner');
    expect(displayName({ email: '', user_metadata: null })).toBe('Athlete');
    expect(displayName(null)).toBe('Athlete');
  });

  it('never returns an empty name', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), (email, name) => {
        expect(displayName({ email, user_metadata: { name } }).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('initials', () => {
  it('takes the first letter of each word', () => {
    expect(initials('ana maria lopez')).toBe('AML');
    expect(initials('  Jo  ')).toBe('J');
  });
});

describe('normalizeEmail', () => {
  it('is idempotent and lower-case', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const once = normalizeEmail(`  ${email.toUpperCase()} `);
        expect(normalizeEmail(once)).toBe(once);
        expect(once).toBe(once.toLowerCase());
      }),
    );
  });
});
