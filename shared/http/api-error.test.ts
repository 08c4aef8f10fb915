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
