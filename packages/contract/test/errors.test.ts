import { describe, expect, it } from 'vitest';
import { ZErrorCode, ZErrorResponse } from '../src/index.ts';

describe('error codes', () => {
  it('accepts an error body with a code of the contract', () => {
    expect(ZErrorResponse.parse({ message: 'Workout not found', code: 'NOT_FOUND' }).code).toBe('NOT_FOUND');
  });

  it('refuses a code the contract does not list', () => {
    expect(ZErrorResponse.safeParse({ message: 'x', code: 'FST_ERR_SOMETHING' }).success).toBe(false);
  });

  it('lists the codes a client branches on', () => {
    for (const code of [
      'EMAIL_NOT_CONFIRMED',
      'RATE_LIMITED',
      'NOT_FOUND',
      'VALIDATION_FAILED',
      'INTERNAL',
    ]) {
      expect(ZErrorCode.options).toContain(code);
    }
  });
});
