import { HttpError } from './client';
import { isApiError, visitorMessage } from './api-error';

const refusal = (reason: string | null, message: string) =>
  new HttpError(message, 409, '/api/orders', 'conflict', null, reason as never);

describe('isApiError', () => {
  it('knows a refusal by its code, whatever its message says', () => {
    expect(isApiError(refusal('box_sold_out', 'Night Market Box is sold out.'), 'box_sold_out')).toBe(true);
    expect(isApiError(refusal('box_sold_out', 'Plus une seule boîte.'), 'box_sold_out')).toBe(true);
    expect(isApiError(refusal(null, 'This box is sold out.'), 'box_sold_out')).toBe(false);
    expect(isApiError(refusal('listing_reserved', 'x'), 'listing_held', 'listing_reserved')).toBe(true);
    expect(isApiError(new Error('box_sold_out'), 'box_sold_out')).toBe(false);
  });
});

describe('visitorMessage', () => {
  it("shows the catalogue's visitor copy instead of a message written for developers", () => {
    const own = refusal(
      'listing_own',
      'Listing 3 is yours: you cannot buy your own listing. Withdraw it (DELETE /api/listings/3) to keep the figure.',
    );
    expect(visitorMessage(own)).toBe(
      'This is your own listing: you cannot buy it. Withdraw it from your locker instead.',
    );
    expect(visitorMessage(refusal('handle_taken', 'The handle "x" is taken.'))).toBe(
      'The handle "x" is taken.',
    );
    expect(visitorMessage(new Error('plain'))).toBe('plain');
  });
});

describe('visitorMessage, for a message without visitor copy', () => {
  const answer = (status: number, code: string, message: string) =>
    new HttpError(message, status, '/api/listings/12/orders', code, null, null);

  it('leaves out every sentence that names a route of the API', () => {
    expect(
      visitorMessage(
        answer(
          404,
          'not_found',
          'Listing 12 was not found. GET /api/market/figures/<figure slug> lists the open listings of a figure.',
        ),
      ),
    ).toBe('Listing 12 was not found.');
    expect(
      visitorMessage(answer(409, 'conflict', 'Withdraw it (DELETE /api/listings/12) to keep the figure.')),
    ).toBe('That could not be done. Please reload the page and try again.');
  });

  it('keeps a message in plain words, and the page’s own errors, as they are', () => {
    expect(visitorMessage(answer(409, 'conflict', 'The handle "x" is taken.'))).toBe(
      'The handle "x" is taken.',
    );
    expect(visitorMessage(new Error('See GET /api/orders.'))).toBe('See GET /api/orders.');
  });
});
