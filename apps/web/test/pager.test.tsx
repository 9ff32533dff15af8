import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from '../src/components/ui/pager.tsx';

describe('Pager', () => {
  it('shows nothing when the list fits on one page', () => {
    const { container } = render(<Pager page={1} totalPages={1} onPage={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names the page, cannot go back from the first or on from the last, and asks for the next', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager page={1} totalPages={3} onPage={onPage} label="Review pages" />);
    const nav = screen.getByRole('navigation', { name: 'Review pages' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<Pager page={3} totalPages={3} onPage={onPage} directions="newer-older" />);
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });
});
