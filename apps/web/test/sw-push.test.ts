// The service worker's push handling (src/sw/push.ts), run outside a worker: what a push shows and where a tap leads.
import { describe, expect, it } from 'vitest';
import { notificationOfPush, safeLink } from '../src/sw/push.ts';

describe('notificationOfPush', () => {
  it('shows the server’s title and body, and keeps the link for the tap', () => {
    const shown = notificationOfPush(
      JSON.stringify({
        title: 'Plan adapted: session eased on Sat 28 Nov',
        body: 'Poor sleep',
        link: '/calendar',
        tag: 'plan-change',
      }),
    );
    expect(shown.title).toBe('Plan adapted: session eased on Sat 28 Nov');
    expect(shown.options).toMatchObject({
      body: 'Poor sleep',
      tag: 'plan-change',
      data: { link: '/calendar' },
    });
  });

  it('shows plain text as the body, and an empty push under the app’s name', () => {
    expect(notificationOfPush('Hello')).toMatchObject({ title: 'Stamina', options: { body: 'Hello' } });
    expect(notificationOfPush(null)).toMatchObject({
      title: 'Stamina',
      options: { body: '', data: { link: '/' } },
    });
  });
});

describe('safeLink', () => {
  it('follows only this app’s paths', () => {
    expect(safeLink('/calendar')).toBe('/calendar');
    expect(safeLink('/settings/preferences?x=1')).toBe('/settings/preferences?x=1');
    for (const bad of ['https://evil.example', '//evil.example/x', 'javascript:alert(1)', 42, null]) {
      expect(safeLink(bad)).toBe('/');
    }
  });
});
