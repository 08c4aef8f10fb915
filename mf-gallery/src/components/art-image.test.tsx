import { render, screen } from '@testing-library/react';
import { ArtImage } from './art-image';

describe('ArtImage', () => {
  it('asks for art above the fold at once and ahead of the page code, and for the rest as it scrolls near', () => {
    render(
      <>
        <ArtImage src="/a.svg" alt="first" size="card" eager />
        <ArtImage src="/b.svg" alt="later" size="card" />
      </>,
    );
    const first = screen.getByRole('img', { name: 'first' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    const later = screen.getByRole('img', { name: 'later' });
    expect(later).toHaveAttribute('loading', 'lazy');
    expect(later).not.toHaveAttribute('fetchpriority');
    expect(later).toHaveAttribute('width', '240');
  });
});
