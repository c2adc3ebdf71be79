import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { starFills, Stars } from './stars';

describe('Stars', () => {
  it.each([
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
    [0.5, ['half', 'empty', 'empty', 'empty', 'empty']],
    [2.4, ['full', 'full', 'empty', 'empty', 'empty']],
    [2.5, ['full', 'full', 'half', 'empty', 'empty']],
    [3, ['full', 'full', 'full', 'empty', 'empty']],
    [5, ['full', 'full', 'full', 'full', 'full']],
  ])('fills the stars for a rating of %s', (rating, expected) => {
    expect(starFills(rating)).toEqual(expected);
    const { container, unmount } = render(<Stars value={rating} />);
    const drawn = [...container.querySelectorAll('svg')].map((svg) => svg.getAttribute('data-fill'));
    expect(drawn).toEqual(expected);
    unmount();
  });

  it('reads the rating out as one label and shows the caption', () => {
    render(<Stars value={3.5} text="(4 reviews)" />);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(4 reviews)')).toBeInTheDocument();
  });
});
