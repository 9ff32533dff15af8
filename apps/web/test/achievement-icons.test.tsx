// Achievement icons are lucide SVGs, never emoji (which show as empty boxes without an emoji font).
import { ACHIEVEMENTS } from '@stamina/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENT_ICONS } from '../src/components/achievement-icon.tsx';
import { AchievementsList } from '../src/features/analytics/components/achievements-list.tsx';
import { achievements } from './analytics-fixtures.ts';

const EMOJI = /\p{Extended_Pictographic}/u;

describe('achievement icons', () => {
  it('gives every achievement of the catalogue an icon of its own', () => {
    for (const a of ACHIEVEMENTS) expect(ACHIEVEMENT_ICONS[a.id], a.id).toBeDefined();
  });

  it('draws each achievement as an SVG and writes no emoji, earned or not', () => {
    const { container } = render(<AchievementsList achievements={achievements(1, 3).achievements} />);
    const icons = container.querySelectorAll('svg[data-achievement-icon]');
    expect(icons).toHaveLength(3);
    for (const icon of icons) expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(container.textContent).not.toMatch(EMOJI);
    expect(screen.getByText('Earned 1')).toBeInTheDocument();
  });
});
